package io.hawser.nio;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.ByteBuffer;
import org.junit.jupiter.api.Test;

/** Pages and the large tier: what is kept, what is left to the garbage collector, and the lent/returned counts. */
class BufferPoolTest {
    @Test
    void pagesAndLargeBuffersComeBackAndOtherSizesAreDropped() {
        BufferPool pool = new BufferPool(1024, 2, 8192, 1);
        ByteBuffer page = pool.take(100);
        ByteBuffer big = pool.take(5000);
        assertThat(page.capacity()).isEqualTo(1024);
        assertThat(big.capacity()).as("above a page: the large tier's size").isEqualTo(8192);
        ByteBuffer huge = pool.take(10_000);
        assertThat(huge.capacity()).as("above the large tier: allocated, not counted").isEqualTo(10_000);
        big.put((byte) 7);
        pool.give(page);
        pool.give(big);
        pool.give(huge);
        assertThat(pool.lent()).isEqualTo(2);
        assertThat(pool.returned()).isEqualTo(2);
        ByteBuffer again = pool.take(6000);
        assertThat(again).as("the same large buffer, cleared").isSameAs(big);
        assertThat(again.position()).isZero();
        assertThat(again.remaining()).isEqualTo(8192);
        assertThat(pool.take()).isSameAs(page);
        ByteBuffer second = pool.take(6000);
        assertThat(second).as("none kept: a new one").isNotSameAs(big);
        pool.give(again);
        pool.give(second); // beyond the one kept: dropped
        assertThat(pool.take(6000)).isSameAs(again);
    }

    @Test
    void aPoolWithoutALargeTierAllocatesAboveAPage() {
        BufferPool pool = new BufferPool(1024, 2);
        ByteBuffer b = pool.take(2048);
        assertThat(b.capacity()).isEqualTo(2048);
        pool.give(b);
        assertThat(pool.take(2048)).isNotSameAs(b);
        assertThat(pool.lent()).isZero();
    }
}
