package io.hawser.http1;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.hawser.api.HttpFields;
import io.hawser.api.MutableHttpFields;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class TrailerFieldsTest {

    @ParameterizedTest
    @ValueSource(strings = {"Content-Length", "transfer-encoding", "Trailer", "Host", "Cache-Control", "Expect",
        "Max-Forwards", "Pragma", "Range", "TE", "If-None-Match", "Authorization", "Proxy-Authorization",
        "WWW-Authenticate", "Proxy-Authenticate", "Cookie", "Set-Cookie", "Age", "Expires", "Date", "Location",
        "Retry-After", "Vary", "Warning", "Content-Type", "Content-Encoding", "Content-Range", "Connection",
        "Keep-Alive", "Upgrade"})
    void refusesFieldsThatFrameRouteAuthenticateOrControl(String name) {
        assertThat(TrailerFields.isPermitted(name)).isFalse();
        assertThat(TrailerFields.permitted(new MutableHttpFields().add(name, "1").add("X-Sum", "2")).size()).isEqualTo(1);
    }

    @ParameterizedTest
    @ValueSource(strings = {"X-Sum", "Server-Timing", "Digest", "Authentication-Info", "ETag"})
    void permitsOtherFields(String name) {
        assertThat(TrailerFields.isPermitted(name)).isTrue();
    }

    @ParameterizedTest
    @ValueSource(strings = {"null-name", "null-value", "bad-name", "crlf", "nul"})
    void aFieldThatCannotBeEncodedIsAnError(String kind) {
        String name = kind.equals("null-name") ? null : kind.equals("bad-name") ? "X Sum" : "X-Sum";
        String value = kind.equals("null-value") ? null : kind.equals("crlf") ? "1\r\nX-Injected: 1"
                : kind.equals("nul") ? "1\0" : "1";
        assertThatThrownBy(() -> TrailerFields.permitted(new Line(name, value))).isInstanceOf(IllegalArgumentException.class);
    }

    /** One field line, unchecked: an application's own {@link HttpFields}. */
    private record Line(String fieldName, String fieldValue) implements HttpFields {
        @Override public int size() { return 1; }
        @Override public String name(int index) { return fieldName; }
        @Override public String value(int index) { return fieldValue; }
    }

    @org.junit.jupiter.api.Test
    void noFieldsIsNoTrailerSection() {
        assertThat(TrailerFields.permitted(null)).isNull();
    }
}
