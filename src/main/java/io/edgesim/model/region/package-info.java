/** PoPs, Durable Object areas and the latency matrix between them (loaded from regions.conf by the scenario package). */
package io.edgesim.model.region;
