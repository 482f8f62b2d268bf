package io.hawser.api;

import static io.hawser.api.ForwardedRequest.Fields.BOTH;
import static io.hawser.api.ForwardedRequest.Fields.RFC7239;
import static io.hawser.api.ForwardedRequest.Fields.X_FORWARDED;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.net.InetSocketAddress;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.api.Test;

/** Which forwarded values are believed, from whom, and what malformed ones get. */
class ForwardedRequestTest {
    static final TrustedProxies PROXIES = TrustedProxies.parse("10.0.0.0/8, 192.168.1.7, fd00::/8");
    static final InetSocketAddress PROXY = new InetSocketAddress("10.1.2.3", 40000);
    static final InetSocketAddress STRANGER = new InetSocketAddress("203.0.113.9", 40001);

    static ForwardedRequest resolve(InetSocketAddress peer, ForwardedRequest.Fields which, String... namesAndValues)
            throws BadMessageException {
        MutableHttpFields fields = new MutableHttpFields();
        for (int i = 0; i < namesAndValues.length; i += 2) {
            fields.add(namesAndValues[i], namesAndValues[i + 1]);
        }
        return ForwardedRequest.of(peer, false, fields, PROXIES, which);
    }

    static String summary(ForwardedRequest f) {
        return f.remoteAddress() + ":" + f.remotePort() + " " + f.scheme() + " " + f.host() + " " + f.port() + " "
                + f.prefix();
    }

    @Test
    void anUntrustedPeersFieldsChangeNothing() throws Exception {
        ForwardedRequest f = resolve(STRANGER, BOTH, "X-Forwarded-For", "1.2.3.4", "X-Forwarded-Proto", "https",
                "X-Forwarded-Host", "evil.example", "Forwarded", "for=1.2.3.4;proto=https", "X-Forwarded-Prefix", "/p");
        assertThat(f.isForwarded()).isFalse();
        assertThat(summary(f)).isEqualTo("203.0.113.9:40001 http null -1 ");
    }

    @Test
    void anUntrustedPeersMalformedFieldsAreNotEvenParsed() throws Exception {
        assertThat(resolve(STRANGER, BOTH, "X-Forwarded-For", "not an ip", "Forwarded", "for=\"").isForwarded()).isFalse();
    }

    @Test
    void noTrustedProxiesIsTheDefaultAndTrustsLoopbackToo() throws Exception {
        MutableHttpFields fields = new MutableHttpFields().add("X-Forwarded-For", "1.2.3.4");
        ForwardedRequest f = ForwardedRequest.of(new InetSocketAddress("127.0.0.1", 5), true, fields,
                TrustedProxies.NONE, X_FORWARDED);
        assertThat(summary(f)).isEqualTo("127.0.0.1:5 https null -1 ");
    }

    @Test
    void theChainIsWalkedFromTheRightSkippingTrustedHops() throws Exception {
        // The client put a fake entry first; the first untrusted entry from the right is the client.
        ForwardedRequest f = resolve(PROXY, X_FORWARDED, "X-Forwarded-For", "6.6.6.6, 198.51.100.20, 10.9.9.9",
                "X-Forwarded-Proto", "https");
        assertThat(summary(f)).isEqualTo("198.51.100.20:0 https null 443 ");
        assertThat(f.isSecure()).isTrue();
    }

    @Test
    void anAllTrustedChainGivesTheLeftmost() throws Exception {
        assertThat(resolve(PROXY, X_FORWARDED, "X-Forwarded-For", "192.168.1.7", "X-Forwarded-For", "10.2.2.2")
                .remoteAddress()).isEqualTo("192.168.1.7");
    }

    @Test
    void portsAndIpv6NodesAreUnderstood() throws Exception {
        assertThat(summary(resolve(PROXY, X_FORWARDED, "X-Forwarded-For", "[2001:db8::1]:4711")))
                .isEqualTo("2001:db8::1:4711 http null -1 ");
        assertThat(resolve(PROXY, X_FORWARDED, "X-Forwarded-For", "2001:db8::2").remoteAddress()).isEqualTo("2001:db8::2");
        assertThat(resolve(new InetSocketAddress("fd00::5", 1), X_FORWARDED, "X-Forwarded-For", "198.51.100.1:80")
                .remotePort()).isEqualTo(80);
    }

    @Test
    void hostPortAndPrefixFollowTheProxy() throws Exception {
        ForwardedRequest f = resolve(PROXY, X_FORWARDED, "X-Forwarded-For", "198.51.100.1", "X-Forwarded-Proto",
                "https", "X-Forwarded-Host", "Shop.Example:8443", "X-Forwarded-Prefix", "/shop/");
        assertThat(summary(f)).isEqualTo("198.51.100.1:0 https shop.example 8443 /shop");
        assertThat(resolve(PROXY, X_FORWARDED, "X-Forwarded-Host", "a.example", "X-Forwarded-Port", "8081").port())
                .isEqualTo(8081);
    }

    @Test
    void aListParallelToTheChainGivesTheClientsValue() throws Exception {
        ForwardedRequest f = resolve(PROXY, X_FORWARDED, "X-Forwarded-For", "198.51.100.1, 10.3.3.3",
                "X-Forwarded-Proto", "https, http");
        assertThat(f.scheme()).isEqualTo("https");
        assertThat(resolve(PROXY, X_FORWARDED, "X-Forwarded-Proto", "http, https").scheme()).isEqualTo("https");
    }

    @Test
    void rfc7239TakesProtoAndHostFromTheClientsElement() throws Exception {
        ForwardedRequest f = resolve(PROXY, RFC7239, "Forwarded",
                "for=192.0.2.60;proto=https;host=app.example, for=\"[2001:db8:cafe::17]:4711\";proto=http;host=inner",
                "Forwarded", "for=10.4.4.4");
        assertThat(summary(f)).isEqualTo("2001:db8:cafe::17:4711 http inner 80 ");
        ForwardedRequest g = resolve(PROXY, RFC7239, "Forwarded", "For=192.0.2.60;Proto=HTTPS;by=10.1.2.3");
        assertThat(summary(g)).isEqualTo("192.0.2.60:0 https null 443 ");
    }

    @Test
    void unknownAndObfuscatedNodesStopAtTheNearestKnownAddress() throws Exception {
        assertThat(resolve(PROXY, RFC7239, "Forwarded", "for=unknown;proto=https").remoteAddress()).isEqualTo("10.1.2.3");
        assertThat(resolve(PROXY, RFC7239, "Forwarded", "for=_hidden, for=10.7.7.7").remoteAddress()).isEqualTo("10.7.7.7");
    }

    @Test
    void whichFieldsAreBelieved() throws Exception {
        String[] both = {"Forwarded", "for=192.0.2.1", "X-Forwarded-For", "198.51.100.2"};
        assertThat(resolve(PROXY, RFC7239, both).remoteAddress()).isEqualTo("192.0.2.1");
        assertThat(resolve(PROXY, X_FORWARDED, both).remoteAddress()).isEqualTo("198.51.100.2");
        assertThat(resolve(PROXY, BOTH, both).remoteAddress()).isEqualTo("192.0.2.1");
        assertThat(resolve(PROXY, BOTH, "X-Forwarded-For", "198.51.100.2").remoteAddress()).isEqualTo("198.51.100.2");
        assertThat(resolve(PROXY, RFC7239, "X-Forwarded-Prefix", "/p").prefix()).isEmpty();
    }

    @Test
    void aTrustedPeerWithoutForwardedFieldsIsDirect() throws Exception {
        assertThat(resolve(PROXY, BOTH).isForwarded()).isFalse();
    }

    @ParameterizedTest(name = "{0}: {1}")
    @CsvSource(delimiter = '|', value = {
        "X-Forwarded-For|198.51.100.300",
        "X-Forwarded-For|host.example",
        "X-Forwarded-For|198.51.100.1:0",
        "X-Forwarded-For|198.51.100.1:65536",
        "X-Forwarded-For|[2001:db8::1",
        "X-Forwarded-For|01.2.3.4",
        "X-Forwarded-Proto|ftp",
        "X-Forwarded-Port|80a",
        "X-Forwarded-Port|0",
        "X-Forwarded-Host|a b",
        "X-Forwarded-Host|a/b",
        "X-Forwarded-Host|a:99999",
        "X-Forwarded-Prefix|shop",
        "X-Forwarded-Prefix|/a/../b",
        "X-Forwarded-Prefix|/a?b",
    })
    void malformedXForwardedValuesFromATrustedPeerAre400(String name, String value) {
        assertThatThrownBy(() -> resolve(PROXY, X_FORWARDED, name, value))
                .isInstanceOfSatisfying(BadMessageException.class, e -> assertThat(e.status()).isEqualTo(400));
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', value = {
        "for",
        "for=",
        "for=\"192.0.2.1",
        "for=192.0.2.1;for=192.0.2.2",
        "for=192.0.2.1 proto=http",
        "for=\"not-an-ip\"",
        "=x",
        "for=192.0.2.1;proto=gopher",
        "for=_b@d",
    })
    void malformedForwardedFromATrustedPeerIs400(String value) {
        assertThatThrownBy(() -> resolve(PROXY, RFC7239, "Forwarded", value))
                .isInstanceOfSatisfying(BadMessageException.class, e -> assertThat(e.status()).isEqualTo(400));
    }

    @Test
    void entriesBeyondTheClientAreNotJudged() throws Exception {
        assertThat(resolve(PROXY, X_FORWARDED, "X-Forwarded-For", "garbage, 198.51.100.1").remoteAddress())
                .isEqualTo("198.51.100.1");
    }

    @Test
    void trustedProxyBlocks() {
        TrustedProxies t = TrustedProxies.parse("10.0.0.0/8,2001:db8::/32, 192.0.2.1");
        assertThat(t.contains(new InetSocketAddress("10.255.0.1", 0).getAddress())).isTrue();
        assertThat(t.contains(new InetSocketAddress("11.0.0.1", 0).getAddress())).isFalse();
        assertThat(t.contains(new InetSocketAddress("2001:db8:1::1", 0).getAddress())).isTrue();
        assertThat(t.contains(new InetSocketAddress("2001:db9::1", 0).getAddress())).isFalse();
        assertThat(t.contains(new InetSocketAddress("192.0.2.1", 0).getAddress())).isTrue();
        assertThat(t.contains(new InetSocketAddress("192.0.2.2", 0).getAddress())).isFalse();
        assertThat(TrustedProxies.parse(" ").isEmpty()).isTrue();
        assertThatThrownBy(() -> TrustedProxies.parse("10.0.0.0/33")).hasMessageContaining("10.0.0.0/33");
        assertThatThrownBy(() -> TrustedProxies.parse("proxy.example")).hasMessageContaining("proxy.example");
        assertThatThrownBy(() -> TrustedProxies.parse("::1/129")).hasMessageContaining("::1/129");
    }
}
