package io.hawser.api;

/**
 * The token grammar of RFC 9110 §5.6.2, the one tchar test of the project (field-names, methods,
 * chunk extensions, cookie names and transfer codings all use it).
 */
public final class Tokens {
    private static final boolean[] TCHAR = new boolean[256];

    static {
        for (int c = '0'; c <= '9'; c++) {
            TCHAR[c] = true;
        }
        for (int c = 'a'; c <= 'z'; c++) {
            TCHAR[c] = true;
            TCHAR[c - 32] = true;
        }
        for (char c : "!#$%&'*+-.^_`|~".toCharArray()) {
            TCHAR[c] = true;
        }
    }

    private Tokens() {
    }

    /**
     * @param c a character or an unsigned byte value (0–255); anything else is not a tchar
     * @return whether it is a tchar: {@code !#$%&'*+-.^_`|~}, DIGIT or ALPHA
     */
    public static boolean isTchar(int c) {
        return c >= 0 && c < 256 && TCHAR[c];
    }

    /**
     * @param s text
     * @return whether it is a token: one or more tchars
     */
    public static boolean isToken(CharSequence s) {
        int n = s.length();
        if (n == 0) {
            return false;
        }
        for (int i = 0; i < n; i++) {
            if (!isTchar(s.charAt(i))) {
                return false;
            }
        }
        return true;
    }
}
