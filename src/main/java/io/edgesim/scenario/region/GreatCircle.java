package io.edgesim.scenario.region;

import io.edgesim.model.region.Region;

/**
 * Round-trip estimates for region pairs nobody measured: great-circle distance times a route factor (real paths are
 * longer than the great circle), over the speed of light in fibre, there and back.
 *
 * @param routeFactor  path length over great-circle distance (1.5-2 in practice), at least 1
 * @param fibreKmPerMs distance light covers in fibre per millisecond (~200 km)
 */
record GreatCircle(double routeFactor, double fibreKmPerMs) {

    static final double EARTH_RADIUS_KM = 6371.0;

    /** Haversine distance between two regions, kilometres. */
    static double distanceKm(Region a, Region b) {
        double lat1 = Math.toRadians(a.latitude());
        double lat2 = Math.toRadians(b.latitude());
        double dLat = lat2 - lat1;
        double dLon = Math.toRadians(b.longitude() - a.longitude());
        double h = Math.sin(dLat / 2) * Math.sin(dLat / 2)
                + Math.cos(lat1) * Math.cos(lat2) * Math.sin(dLon / 2) * Math.sin(dLon / 2);
        return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)));
    }

    /** Estimated round trip over {@code distanceKm} of great circle, milliseconds. */
    double rttMillis(double distanceKm) {
        return 2 * distanceKm * routeFactor / fibreKmPerMs;
    }
}
