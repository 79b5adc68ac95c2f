/**
 * What a run measured, as plain immutable records: written by both engines, read by the reports. Latencies are in
 * milliseconds and times in seconds of scenario time; nothing here holds wall-clock time, so the same run gives the
 * same records.
 */
package io.edgesim.result;
