package io.edgesim.model.region;

/**
 * One PoP.
 *
 * @param code           IATA code as Cloudflare uses it (FRA, AMS, SYD)
 * @param city           city name for reports
 * @param latitude       degrees
 * @param longitude      degrees
 * @param area           Durable Object location-hint area: weur, eeur, wnam, enam, sam, apac, oc, afr, me
 * @param durableObjects whether Durable Objects can be homed here
 */
public record Region(String code, String city, double latitude, double longitude, String area,
                     boolean durableObjects) {
}
