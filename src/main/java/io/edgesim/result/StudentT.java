package io.edgesim.result;

/**
 * The 97.5 % quantile of Student's t distribution, t(0.975, df): the factor of a two-sided 95 % interval of a mean
 * estimated from df + 1 values. Exact values (6 decimals) for df 1 to 30; above, the Cornish-Fisher expansion in
 * powers of 1/df around the normal quantile, within 3e-8 of the exact value from df 31 on.
 */
final class StudentT {

    // t(0.975, df) for df = 1 .. 30
    private static final double[] TABLE = {12.706205, 4.302653, 3.182446, 2.776445, 2.570582, 2.446912, 2.364624,
            2.306004, 2.262157, 2.228139, 2.200985, 2.178813, 2.160369, 2.144787, 2.131450, 2.119905, 2.109816,
            2.100922, 2.093024, 2.085963, 2.079614, 2.073873, 2.068658, 2.063899, 2.059539, 2.055529, 2.051831,
            2.048407, 2.045230, 2.042272};

    // the normal distribution's 97.5 % quantile
    private static final double Z = 1.959963984540054;

    private StudentT() {
    }

    /** t(0.975, df), for df of at least 1. */
    static double quantile975(int df) {
        if (df < 1) {
            throw new IllegalArgumentException("degrees of freedom must be at least 1, not " + df);
        }
        if (df <= TABLE.length) {
            return TABLE[df - 1];
        }
        double z2 = Z * Z;
        double g1 = (z2 + 1) * Z / 4;
        double g2 = ((5 * z2 + 16) * z2 + 3) * Z / 96;
        double g3 = (((3 * z2 + 19) * z2 + 17) * z2 - 15) * Z / 384;
        double g4 = ((((79 * z2 + 776) * z2 + 1482) * z2 - 1920) * z2 - 945) * Z / 92160;
        double d = df;
        return Z + g1 / d + g2 / (d * d) + g3 / (d * d * d) + g4 / (d * d * d * d);
    }
}
