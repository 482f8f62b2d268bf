package io.hawser.security;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class VerifiedPasswordsTest {
    @Test
    void remembersOnlyTheExactNameAndPasswordThatVerified() {
        VerifiedPasswords memo = new VerifiedPasswords();
        assertThat(memo.matches("alice", "wonderland")).isFalse();
        memo.verified("alice", "wonderland");
        assertThat(memo.matches("alice", "wonderland")).isTrue();
        assertThat(memo.matches("alice", "wonderland ")).isFalse();
        assertThat(memo.matches("alice", "")).isFalse();
        assertThat(memo.matches("bob", "wonderland")).isFalse();
        // the name and the password are kept apart: "ab" + "c" is not "a" + "bc"
        memo.verified("ab", "c");
        assertThat(memo.matches("a", "bc")).isFalse();
        memo.verified("alice", "new");
        assertThat(memo.matches("alice", "wonderland")).as("only the last password").isFalse();
        assertThat(memo.matches("alice", "new")).isTrue();
    }

    @Test
    void twoMemosShareNoKey() {
        VerifiedPasswords one = new VerifiedPasswords();
        VerifiedPasswords two = new VerifiedPasswords();
        one.verified("alice", "wonderland");
        assertThat(two.matches("alice", "wonderland")).isFalse();
    }

    @Test
    void isClearedRatherThanGrowingBeyondItsBound() {
        VerifiedPasswords memo = new VerifiedPasswords();
        for (int i = 0; i < VerifiedPasswords.MAX_USERS; i++) {
            memo.verified("user" + i, "pw");
        }
        assertThat(memo.matches("user0", "pw")).isTrue();
        memo.verified("one-more", "pw");
        assertThat(memo.matches("user0", "pw")).isFalse();
        assertThat(memo.matches("one-more", "pw")).isTrue();
    }
}
