/**
 * What a run measured, as plain immutable records: written by both engines, read by the reports; and, for a run
 * replicated at several seeds, the mean and 95 % interval of each limiter's figures ({@link
 * io.edgesim.result.Replications}). Latencies are in milliseconds and times in seconds of scenario time; nothing here
 * holds wall-clock time, so the same run gives the same records.
 */
package io.edgesim.result;
