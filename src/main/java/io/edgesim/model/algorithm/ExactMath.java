package io.edgesim.model.algorithm;

import java.math.BigInteger;

/** Integer arithmetic the counters share: exact rounding, and products that may not fit in a long. */
final class ExactMath {

    private ExactMath() {
    }

    /** Checks the cost of a request: 0 (a look without consuming) or more. */
    static long requireCost(long cost) {
        if (cost < 0) {
            throw new IllegalArgumentException("cost must be 0 or more, was " + cost);
        }
        return cost;
    }

    /** Checks a constructor argument that must be positive, naming it in the message. */
    static long requirePositive(String name, long value) {
        if (value <= 0) {
            throw new IllegalArgumentException(name + " must be greater than 0, was " + value);
        }
        return value;
    }

    /** ceil(a / b) for a >= 0, b > 0. */
    static long ceilDiv(long a, long b) {
        return a / b + (a % b == 0 ? 0 : 1);
    }

    /** floor(a * b / c) for a, b >= 0 and c > 0, exact even when a * b does not fit in a long. */
    static long mulDivFloor(long a, long b, long c) {
        long high = Math.multiplyHigh(a, b);
        long low = a * b;
        if (high == 0 && low >= 0) {
            return low / c;
        }
        return BigInteger.valueOf(a).multiply(BigInteger.valueOf(b)).divide(BigInteger.valueOf(c)).longValueExact();
    }

    /** ceil(a * b / c) for a, b >= 0 and c > 0, exact even when a * b does not fit in a long. */
    static long mulDivCeil(long a, long b, long c) {
        long high = Math.multiplyHigh(a, b);
        long low = a * b;
        if (high == 0 && low >= 0) {
            return ceilDiv(low, c);
        }
        BigInteger[] qr = BigInteger.valueOf(a).multiply(BigInteger.valueOf(b))
                .divideAndRemainder(BigInteger.valueOf(c));
        return qr[0].longValueExact() + (qr[1].signum() == 0 ? 0 : 1);
    }
}
