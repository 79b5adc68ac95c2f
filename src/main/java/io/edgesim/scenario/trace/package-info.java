/**
 * Recorded traces, streamed row by row: CSV ({@link io.edgesim.scenario.trace.TraceReader}) and Cloudflare Logpush
 * NDJSON ({@link io.edgesim.scenario.trace.LogpushReader}) behind {@link io.edgesim.scenario.trace.TraceRows}. Bad rows
 * are {@link io.edgesim.scenario.InputException}s naming the file and line. Built on {@code scenario.config}; names
 * nothing else of the scenario language.
 */
package io.edgesim.scenario.trace;
