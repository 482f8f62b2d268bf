package io.hawser.api;

/** The token grammar of RFC 9110 §5.6.2. */
final class Tokens {
    private Tokens() {
    }

    /**
     * @param c a character
     * @return whether it is a tchar: {@code !#$%&'*+-.^_`|~}, DIGIT or ALPHA
     */
    static boolean isTchar(char c) {
        if (c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9') {
            return true;
        }
        switch (c) {
            case '!': case '#': case '$': case '%': case '&': case '\'': case '*': case '+':
            case '-': case '.': case '^': case '_': case '`': case '|': case '~':
                return true;
            default:
                return false;
        }
    }
}
