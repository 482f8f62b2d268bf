package io.hawser.launcher;

import io.hawser.api.ForwardedRequest;
import io.hawser.api.TrustedProxies;
import io.hawser.servlet.ServletAdapter;

/**
 * Running behind load balancers: {@code --trusted-proxies} (whose forwarded fields are believed),
 * {@code --forwarded} (which fields), {@code --relative-redirects}; see {@link ForwardedRequest}
 * and {@link ServletAdapter.Options}.
 */
final class ProxyOptions {
    /** The options below, in the order --help lists them. */
    final Options options = new Options();

    /** Which fields {@code --forwarded} names. */
    enum Fields {
        /** RFC 7239 {@code Forwarded}. */
        RFC7239(ForwardedRequest.Fields.RFC7239),
        /** {@code X-Forwarded-*}. */
        X_FORWARDED(ForwardedRequest.Fields.X_FORWARDED),
        /** {@code Forwarded} when present, else {@code X-Forwarded-*}. */
        BOTH(ForwardedRequest.Fields.BOTH);

        final ForwardedRequest.Fields value;

        Fields(ForwardedRequest.Fields value) {
            this.value = value;
        }

        @Override
        public String toString() {
            return name().toLowerCase(java.util.Locale.ROOT).replace('_', '-');
        }
    }

    final Opt<String> trustedProxies = options.add(Opt.of(String.class, "--trusted-proxies", "CIDR,...",
            "believe forwarded fields only from these peers: IP addresses or CIDR blocks, IPv4 or IPv6,"
                    + " comma-separated (default: none, every forwarded field is passed to the app untouched)")
                    .initial(""));

    final Opt<Fields> forwarded = options.add(Opt.of(Fields.class, "--forwarded", "rfc7239|x-forwarded|both",
            "which fields the trusted proxies send: RFC 7239 Forwarded, X-Forwarded-For/-Proto/-Host/"
                    + "-Port/-Prefix, or Forwarded when present else X-Forwarded-* (default x-forwarded)")
                    .initial(Fields.X_FORWARDED).converter(new FieldsConverter()));

    final Opt<Boolean> relativeRedirects = options.add(Opt.flag("--relative-redirects",
            "sendRedirect sends a relative Location (a path) instead of an absolute URL"));

    private TrustedProxies parsed;

    /** @throws IllegalArgumentException naming a block of {@code --trusted-proxies} that is not an address */
    void check() {
        try {
            parsed = TrustedProxies.parse(trustedProxies.value());
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("--trusted-proxies: " + e.getMessage(), e);
        }
    }

    /** @return the trusted proxies; after {@link #check()} */
    TrustedProxies proxies() {
        return parsed;
    }

    /** @return the servlet adapter's options; after {@link #check()} */
    ServletAdapter.Options adapterOptions() {
        return new ServletAdapter.Options(parsed, forwarded.value().value, relativeRedirects.value());
    }

    /** Takes {@code rfc7239}, {@code x-forwarded} and {@code both}. */
    static final class FieldsConverter implements picocli.CommandLine.ITypeConverter<Fields> {
        @Override
        public Fields convert(String value) {
            for (Fields f : Fields.values()) {
                if (f.toString().equalsIgnoreCase(value)) {
                    return f;
                }
            }
            throw new picocli.CommandLine.TypeConversionException("expected rfc7239, x-forwarded or both, not '"
                    + value + "'");
        }
    }
}
