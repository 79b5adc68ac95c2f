/**
 * The rules of rate limiting at the edge, written once and used by both engines: requests, decisions, algorithms,
 * tiers, keys, regions and costs. Nothing here imports Pekko or reads a clock: every call takes the time in
 * nanoseconds of scenario time, and every random choice comes from a seeded generator handed in.
 */
package io.edgesim.model;
