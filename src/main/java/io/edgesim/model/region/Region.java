package io.edgesim.model.region;

/**
 * One PoP.
 *
 * @param code           IATA code as Cloudflare uses it (FRA, AMS, SYD)
 * @param city           city name for reports
 * @param country        ISO 3166-1 alpha-2 code of the country, or empty when the regions file gives none
 * @param latitude       degrees
 * @param longitude      degrees
 * @param area           Durable Object location-hint area: weur, eeur, wnam, enam, sam, apac, oc, afr, me
 * @param durableObjects whether Durable Objects can be homed here
 * @param weight         relative share of traffic that {@code pops = all} sends here, 0 or more (1 by default)
 */
public record Region(String code, String city, String country, double latitude, double longitude, String area,
                     boolean durableObjects, double weight) {

    /**
     * The largest weight of a PoP, in a regions file or a scenario's {@code pops}: weights are relative, and a bound
     * keeps the sum of a few hundred of them finite and exact enough to draw by (two of 1e308 summed to infinity and
     * sent every request to the one PoP of weight 1), while counts of real traffic (billions a month) still fit.
     */
    public static final double MAX_WEIGHT = 1e15;
}
