package io.edgesim.traffic;

import java.util.Arrays;
import java.util.function.IntToLongFunction;

/**
 * The merge of the sources by (next time, index), equal times in index order (the fixed tie-break that makes the
 * merged stream deterministic), as a calendar queue of buckets of {@code 2^shift} nanoseconds. Each source is in the
 * queue at most once, so (time, index) pairs are unique and the order out is the one any correct priority queue on
 * (time, index) gives, whatever the bucket width: the width only decides how fast it is.
 *
 * <p>Why a calendar rather than a tree or a heap: with a million sources, every tree or heap replays a path of about
 * twenty nodes per request whose lower levels lie far beyond the caches, one miss after the other. Here a request
 * costs the taking of the front of a short sorted array and one append to a bucket (one slot and one chunk written).
 *
 * <p>Three places, by bucket ({@code time >> shift}), always in this order of time:
 * <ul>
 *   <li>ready: every entry of a bucket before {@code nextBucket}, sorted by (time, index) in two parallel arrays,
 *       taken from the front. A time that falls there (a source sending again within a bucket already pulled, or
 *       even before the time just taken) is put in its place with a binary search;</li>
 *   <li>the ring: buckets {@code nextBucket} to {@code nextBucket + slots - 1}, bucket {@code b} in slot
 *       {@code b & (slots - 1)}, its entries appended unsorted as one long each, the time within the bucket above
 *       the index (so sorting those longs sorts by (time, index)), in chunks of {@link #CHUNK} from a shared pool. A
 *       bucket is sorted once, when it is pulled into ready; a bitmap of the slots that hold entries skips the empty
 *       ones;</li>
 *   <li>far: later entries, in a binary heap by time, moved into the ring as its window reaches them; when ring and
 *       ready are empty the window jumps to the earliest of them.</li>
 * </ul>
 * Done sources ({@link Sources#DONE}) are dropped.
 *
 * <p>Sizes from the load: the first times of the sources tell how far apart requests come at the start (for Poisson
 * or constant arrivals, half of them fall within the median first time). The bucket is as wide as
 * {@link #PER_BUCKET} such spacings, so pulling one (a slot read, a short sort) is shared by several requests, and
 * the ring spans {@link #HORIZON_GAPS} times a source's estimated gap, so few sources wait in the far heap (for
 * Poisson gaps, the share beyond k mean gaps is e^-k). A wrong estimate (sources that all start together, rates that
 * change during the run) costs speed only: buckets too wide make longer sorts and insertions into ready, too narrow
 * send more entries through the far heap, which is then a plain heap.
 */
final class SourceCalendar {

    // the width of a bucket in requests at the start of the run
    private static final int PER_BUCKET = 16;
    // how many estimated gaps of one source the ring spans
    private static final int HORIZON_GAPS = 4;
    // a bucket of one microsecond at least; at most 2^31 ns, so the time within it fits 31 bits of a packed entry
    private static final int MIN_SHIFT = 10;
    private static final int MAX_SHIFT = 31;
    // at least one word of the bitmap
    private static final int MIN_SLOTS = 64;
    // entries per chunk of the ring: one cache line of longs
    private static final int CHUNK = 8;
    // first times sampled to estimate the spacing of requests
    private static final int SAMPLE = 1024;

    private final int shift;
    private final long withinBucket;
    private final int slots;
    // by slot: its newest chunk (-1: none), then how many entries it holds; side by side, one cache line to read
    private final int[] slotChunkAndCount;
    // bit s: slot s holds entries
    private final long[] occupied;
    private int ringCount;
    // the pool of chunks, CHUNK packed entries each; by chunk, the slot's chunk before it, or the next free chunk
    private long[] chunks;
    private int[] chunkNext;
    private int freeChunk = -1;
    private int chunksUsed;
    // the far heap, by time
    private long[] farNanos = new long[16];
    private int[] farSources = new int[16];
    private int farSize;
    // the ready entries are [head, tail)
    private long[] readyNanos = new long[64];
    private int[] readySources = new int[64];
    private int head;
    private int tail;
    private long nextBucket;
    // a bucket's entries while they are sorted
    private long[] sorting = new long[64];

    /**
     * A calendar of sources {@code 0..count-1}, {@code firstNanos} giving each source's first time, or
     * {@link Sources#DONE}.
     */
    SourceCalendar(int count, IntToLongFunction firstNanos) {
        long[] first = new long[count];
        int live = 0;
        long least = Long.MAX_VALUE;
        for (int s = 0; s < count; s++) {
            first[s] = firstNanos.applyAsLong(s);
            if (first[s] != Sources.DONE) {
                live++;
                least = Math.min(least, first[s]);
            }
        }
        double spacingNanos = spacingNanos(first, live);
        shift = (int) Math.max(MIN_SHIFT, Math.min(MAX_SHIFT, Math.floor(log2(PER_BUCKET * spacingNanos))));
        withinBucket = (1L << shift) - 1;
        double wanted = HORIZON_GAPS * spacingNanos * live / (1L << shift);
        long most = powerOfTwoAtLeast(Math.max(MIN_SLOTS, (double) HORIZON_GAPS * live / PER_BUCKET));
        slots = (int) Math.min(most, Math.max(MIN_SLOTS, powerOfTwoAtLeast(wanted)));
        slotChunkAndCount = new int[2 * slots];
        for (int slot = 0; slot < slots; slot++) {
            slotChunkAndCount[2 * slot] = -1;
        }
        occupied = new long[slots / 64];
        int pool = live / CHUNK + MIN_SLOTS;
        chunks = new long[pool * CHUNK];
        chunkNext = new int[pool];
        nextBucket = live == 0 ? 0 : least >> shift;
        for (int s = 0; s < count; s++) {
            add(first[s], s);
        }
    }

    /** True when every source is done. */
    boolean isEmpty() {
        return !holdsOne();
    }

    /** The source with the earliest next time (lowest index among equals); only when not {@link #isEmpty}. */
    int top() {
        return readySources[head];
    }

    /**
     * Gives the top source a new time, {@link Sources#DONE} when it is done. Any time will do, even one before the
     * top's; a source's times only ever grow, and then an entry usually goes to the ring or the far heap.
     */
    void replaceTop(long timeNanos) {
        int source = readySources[head++];
        if (head == tail) {
            head = 0;
            tail = 0;
        }
        add(timeNanos, source);
    }

    private void add(long nanos, int source) {
        if (nanos == Sources.DONE) {
            return;
        }
        long bucket = nanos >> shift;
        if (bucket < nextBucket) {
            insertReady(nanos, source);
        } else if (bucket - nextBucket < slots) {
            addToRing(bucket, nanos, source);
        } else {
            pushFar(nanos, source);
        }
    }

    // pulls buckets into ready until it holds an entry; false when there is none left
    private boolean holdsOne() {
        while (tail == head) {
            if (!pullBucket()) {
                return false;
            }
        }
        return true;
    }

    // moves the earliest bucket that holds entries into ready, sorted; false when there is none
    private boolean pullBucket() {
        if (ringCount == 0) {
            if (farSize == 0) {
                return false;
            }
            // nothing lies between: ready ends before nextBucket, the ring is empty, far starts here
            nextBucket = farNanos[0] >> shift;
            fillRingFromFar();
        }
        long bucket = firstOccupiedBucket();
        int slot = (int) (bucket & (slots - 1));
        int n = slotChunkAndCount[2 * slot + 1];
        if (sorting.length < n) {
            sorting = new long[Math.max(n, 2 * sorting.length)];
        }
        // the newest chunk holds what is left over from whole chunks; the others are full
        int k = 0;
        for (int chunk = slotChunkAndCount[2 * slot], fill = (n - 1) % CHUNK + 1; chunk >= 0; fill = CHUNK) {
            System.arraycopy(chunks, chunk * CHUNK, sorting, k, fill);
            k += fill;
            int before = chunkNext[chunk];
            chunkNext[chunk] = freeChunk;
            freeChunk = chunk;
            chunk = before;
        }
        slotChunkAndCount[2 * slot] = -1;
        slotChunkAndCount[2 * slot + 1] = 0;
        occupied[slot >>> 6] &= ~(1L << slot);
        ringCount -= n;
        Arrays.sort(sorting, 0, n);
        makeReadyRoom(n);
        long start = bucket << shift;
        for (int i = 0; i < n; i++) {
            readyNanos[tail] = start | sorting[i] >>> 32;
            readySources[tail] = (int) sorting[i];
            tail++;
        }
        nextBucket = bucket + 1;
        fillRingFromFar();
        return true;
    }

    // the bucket of the first slot from nextBucket's, round the ring, that holds entries; the ring must hold some
    private long firstOccupiedBucket() {
        int start = (int) (nextBucket & (slots - 1));
        int word = start >>> 6;
        long bits = occupied[word] & (-1L << start);
        while (bits == 0) {
            word = (word + 1) & (occupied.length - 1);
            bits = occupied[word];
        }
        int slot = word << 6 | Long.numberOfTrailingZeros(bits);
        return nextBucket + ((slot - start) & (slots - 1));
    }

    private void addToRing(long bucket, long nanos, int source) {
        int slot = (int) (bucket & (slots - 1));
        int n = slotChunkAndCount[2 * slot + 1];
        int chunk = slotChunkAndCount[2 * slot];
        if (n % CHUNK == 0) {
            int fresh = newChunk();
            chunkNext[fresh] = chunk;
            chunk = fresh;
            slotChunkAndCount[2 * slot] = fresh;
            occupied[slot >>> 6] |= 1L << slot;
        }
        chunks[chunk * CHUNK + n % CHUNK] = (nanos & withinBucket) << 32 | source;
        slotChunkAndCount[2 * slot + 1] = n + 1;
        ringCount++;
    }

    private int newChunk() {
        if (freeChunk >= 0) {
            int chunk = freeChunk;
            freeChunk = chunkNext[chunk];
            return chunk;
        }
        if (chunksUsed == chunkNext.length) {
            chunkNext = Arrays.copyOf(chunkNext, 2 * chunksUsed);
            chunks = Arrays.copyOf(chunks, 2 * chunksUsed * CHUNK);
        }
        return chunksUsed++;
    }

    // puts (nanos, source) in its place among the ready entries
    private void insertReady(long nanos, int source) {
        makeReadyRoom(1);
        int low = head;
        int high = tail;
        while (low < high) {
            int mid = (low + high) >>> 1;
            if (readyNanos[mid] < nanos || readyNanos[mid] == nanos && readySources[mid] < source) {
                low = mid + 1;
            } else {
                high = mid;
            }
        }
        System.arraycopy(readyNanos, low, readyNanos, low + 1, tail - low);
        System.arraycopy(readySources, low, readySources, low + 1, tail - low);
        readyNanos[low] = nanos;
        readySources[low] = source;
        tail++;
    }

    // room for n more ready entries after tail: the entries moved to the front, into larger arrays when half full
    private void makeReadyRoom(int n) {
        if (tail + n <= readyNanos.length) {
            return;
        }
        int size = tail - head;
        long[] nanos = readyNanos;
        int[] sources = readySources;
        if (2 * (size + n) > readyNanos.length) {
            int length = Math.max(2 * readyNanos.length, 2 * (size + n));
            nanos = new long[length];
            sources = new int[length];
        }
        System.arraycopy(readyNanos, head, nanos, 0, size);
        System.arraycopy(readySources, head, sources, 0, size);
        readyNanos = nanos;
        readySources = sources;
        head = 0;
        tail = size;
    }

    // moves the far entries that the ring's window now reaches into the ring
    private void fillRingFromFar() {
        while (farSize > 0 && (farNanos[0] >> shift) - nextBucket < slots) {
            long nanos = farNanos[0];
            int source = farSources[0];
            popFar();
            addToRing(nanos >> shift, nanos, source);
        }
    }

    private void pushFar(long nanos, int source) {
        if (farSize == farNanos.length) {
            farNanos = Arrays.copyOf(farNanos, 2 * farSize);
            farSources = Arrays.copyOf(farSources, 2 * farSize);
        }
        int at = farSize++;
        while (at > 0) {
            int parent = (at - 1) >>> 1;
            if (farNanos[parent] <= nanos) {
                break;
            }
            farNanos[at] = farNanos[parent];
            farSources[at] = farSources[parent];
            at = parent;
        }
        farNanos[at] = nanos;
        farSources[at] = source;
    }

    private void popFar() {
        long nanos = farNanos[--farSize];
        int source = farSources[farSize];
        int at = 0;
        while (true) {
            int child = 2 * at + 1;
            if (child >= farSize) {
                break;
            }
            if (child + 1 < farSize && farNanos[child + 1] < farNanos[child]) {
                child++;
            }
            if (nanos <= farNanos[child]) {
                break;
            }
            farNanos[at] = farNanos[child];
            farSources[at] = farSources[child];
            at = child;
        }
        farNanos[at] = nanos;
        farSources[at] = source;
    }

    // how far apart requests come at the start: half the live sources' first times fall between the earliest and
    // the median, estimated from a sample of sources spread over the indices; 0 when that says nothing
    private static double spacingNanos(long[] first, int live) {
        if (live < 2) {
            return 0;
        }
        long[] sample = new long[Math.min(SAMPLE, live)];
        int n = 0;
        for (int k = 0; k < sample.length; k++) {
            long s = (long) k * first.length / sample.length;
            if (first[(int) s] != Sources.DONE) {
                sample[n++] = first[(int) s];
            }
        }
        if (n < 2) {
            return 0;
        }
        Arrays.sort(sample, 0, n);
        return (double) (sample[n / 2] - sample[0]) / (live / 2.0);
    }

    private static double log2(double x) {
        return x <= 1 ? 0 : Math.log(x) / Math.log(2);
    }

    // capped at 2^30, the most slots an int index and the bitmap allow
    private static long powerOfTwoAtLeast(double x) {
        long whole = (long) Math.ceil(Math.min(x, 1 << 30));
        return whole <= 1 ? 1 : Long.highestOneBit(whole - 1) << 1;
    }
}
