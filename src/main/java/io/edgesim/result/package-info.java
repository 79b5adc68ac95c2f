/**
 * What a run measured, as plain immutable records: written by both engines, read by the reports; every figure the
 * reports print as a flat list of named values ({@link io.edgesim.result.RunFigures}); and, for a run replicated at
 * several seeds, each figure's values, mean, 95 % interval and the runs far from the others ({@link
 * io.edgesim.result.Replications}); and the thresholds of --fail-if on those figures ({@link
 * io.edgesim.result.Threshold}). Latencies are in milliseconds and times in seconds of scenario time; nothing here
 * holds wall-clock time, so the same run gives the same records.
 */
package io.edgesim.result;
