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
}
