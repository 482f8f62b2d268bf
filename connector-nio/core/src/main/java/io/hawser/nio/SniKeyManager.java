package io.hawser.nio;

import java.net.Socket;
import java.security.Principal;
import java.security.PrivateKey;
import java.security.cert.X509Certificate;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import javax.net.ssl.ExtendedSSLSession;
import javax.net.ssl.SNIHostName;
import javax.net.ssl.SNIServerName;
import javax.net.ssl.SSLEngine;
import javax.net.ssl.SSLSession;
import javax.net.ssl.SSLSocket;
import javax.net.ssl.StandardConstants;
import javax.net.ssl.X509ExtendedKeyManager;

/**
 * The server key manager of a {@link TlsContext}: picks the identity for a handshake by the SNI
 * host name the client sent (RFC 6066 §3), read from the handshake session
 * ({@link ExtendedSSLSession#getRequestedServerNames()}).
 *
 * <p>The identities matching the name are the candidates — exact names first, then {@code *.}
 * wildcards (matching one label: {@code *.example.com} serves {@code a.example.com}, not
 * {@code example.com} nor {@code a.b.example.com}); with no SNI name or none matching, every identity
 * is, the default (first) one first. Of the candidates, the first whose key suits the key type the
 * JDK asks for wins; with none, {@code null} lets the JDK try the client's next signature scheme.
 * So one name may have an RSA and an EC identity, and the client's preference picks. A lookup is
 * two hash probes on the lower-cased name and its parent suffix (two short strings per
 * handshake). Immutable, thread-safe.
 */
final class SniKeyManager extends X509ExtendedKeyManager {
    private static final int[] NONE = new int[0];

    private final TlsKeys.Loaded[] identities;
    private final String[] aliases;
    private final int[] all;
    private final Map<String, int[]> exact = new HashMap<>();
    private final Map<String, int[]> wildcard = new HashMap<>();

    /** @param identities the default first; not empty */
    SniKeyManager(List<TlsKeys.Loaded> identities) {
        this.identities = identities.toArray(TlsKeys.Loaded[]::new);
        aliases = new String[this.identities.length];
        all = new int[this.identities.length];
        Map<String, List<Integer>> exactLists = new HashMap<>();
        Map<String, List<Integer>> wildcardLists = new HashMap<>();
        for (int i = 0; i < aliases.length; i++) {
            aliases[i] = Integer.toString(i);
            all[i] = i;
            for (String name : this.identities[i].hostNames()) {
                boolean wild = name.startsWith("*.");
                (wild ? wildcardLists : exactLists).computeIfAbsent(wild ? name.substring(1) : name, k -> new ArrayList<>())
                        .add(i);
            }
        }
        exactLists.forEach((k, v) -> exact.put(k, v.stream().mapToInt(Integer::intValue).toArray()));
        wildcardLists.forEach((k, v) -> wildcard.put(k, v.stream().mapToInt(Integer::intValue).toArray()));
    }

    @Override
    public String chooseEngineServerAlias(String keyType, Principal[] issuers, SSLEngine engine) {
        return choose(keyType, engine == null ? null : engine.getHandshakeSession());
    }

    @Override
    public String chooseServerAlias(String keyType, Principal[] issuers, Socket socket) {
        return choose(keyType, socket instanceof SSLSocket s ? s.getHandshakeSession() : null);
    }

    /** @return the alias of the identity for this handshake and key type, or {@code null} */
    String choose(String keyType, SSLSession handshake) {
        if (keyType == null) {
            return null;
        }
        String host = sniHostName(handshake);
        int[] named = NONE;
        int[] wild = NONE;
        if (host != null) {
            host = host.toLowerCase(Locale.ROOT);
            named = exact.getOrDefault(host, NONE);
            int dot = host.indexOf('.');
            if (dot > 0) {
                wild = wildcard.getOrDefault(host.substring(dot), NONE);
            }
        }
        if (named.length == 0 && wild.length == 0) {
            named = all;
        }
        for (int i : named) {
            if (fits(i, keyType)) {
                return aliases[i];
            }
        }
        for (int i : wild) {
            if (fits(i, keyType)) {
                return aliases[i];
            }
        }
        return null;
    }

    /** @return the SNI host name of a handshake session (RFC 6066 §3, type host_name), or {@code null} */
    static String sniHostName(SSLSession session) {
        if (session instanceof ExtendedSSLSession e) {
            for (SNIServerName n : e.getRequestedServerNames()) {
                if (n.getType() == StandardConstants.SNI_HOST_NAME) {
                    return n instanceof SNIHostName h ? h.getAsciiName() : new SNIHostName(n.getEncoded()).getAsciiName();
                }
            }
        }
        return null;
    }

    /**
     * @param keyType as JSSE asks: a key algorithm ({@code RSA}, {@code EC}, {@code EdDSA},
     *     {@code RSASSA-PSS}), or for static ECDH suites {@code EC_EC} / {@code EC_RSA} (key, then the
     *     algorithm that signed the certificate)
     */
    private boolean fits(int identity, String keyType) {
        TlsKeys.Loaded id = identities[identity];
        String family = TlsKeys.family(id.key().getAlgorithm());
        int u = keyType.indexOf('_');
        if (u < 0) {
            return family.equals(TlsKeys.family(keyType));
        }
        String signer = keyType.substring(u + 1).equals("EC") ? "ECDSA" : keyType.substring(u + 1);
        return family.equals(keyType.substring(0, u))
                && id.chain()[0].getSigAlgName().toUpperCase(Locale.ROOT).endsWith("WITH" + signer);
    }

    @Override
    public String[] getServerAliases(String keyType, Principal[] issuers) {
        List<String> fitting = new ArrayList<>();
        for (int i = 0; i < aliases.length; i++) {
            if (keyType != null && fits(i, keyType)) {
                fitting.add(aliases[i]);
            }
        }
        return fitting.isEmpty() ? null : fitting.toArray(String[]::new);
    }

    @Override
    public X509Certificate[] getCertificateChain(String alias) {
        int i = index(alias);
        return i < 0 ? null : identities[i].chain().clone();
    }

    @Override
    public PrivateKey getPrivateKey(String alias) {
        int i = index(alias);
        return i < 0 ? null : identities[i].key();
    }

    private int index(String alias) {
        for (int i = 0; i < aliases.length; i++) {
            if (aliases[i].equals(alias)) {
                return i;
            }
        }
        return -1;
    }

    /** Server only: no client aliases. */
    @Override
    public String[] getClientAliases(String keyType, Principal[] issuers) {
        return null;
    }

    /** Server only: no client alias. */
    @Override
    public String chooseClientAlias(String[] keyType, Principal[] issuers, Socket socket) {
        return null;
    }

    /** Server only: no client alias. */
    @Override
    public String chooseEngineClientAlias(String[] keyType, Principal[] issuers, SSLEngine engine) {
        return null;
    }
}
