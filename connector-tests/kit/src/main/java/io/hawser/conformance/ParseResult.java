package io.hawser.conformance;

import java.util.ArrayList;
import java.util.List;

/**
 * What {@link ResponseReader} made of the bytes a server sent.
 *
 * @param responses the responses parsed so far (1xx included), in order
 * @param error why the bytes do not form valid responses, or null
 * @param incomplete whether more bytes are needed (only while the connection is open)
 */
public record ParseResult(List<ParsedResponse> responses, String error, boolean incomplete) {

    /** @return the final (non-1xx) responses */
    public List<ParsedResponse> finals() {
        List<ParsedResponse> out = new ArrayList<>();
        for (ParsedResponse r : responses) {
            if (!r.interim()) {
                out.add(r);
            }
        }
        return out;
    }

    /** @return the 1xx responses */
    public List<ParsedResponse> interims() {
        List<ParsedResponse> out = new ArrayList<>();
        for (ParsedResponse r : responses) {
            if (r.interim()) {
                out.add(r);
            }
        }
        return out;
    }
}
