/**
 * Turns a {@link io.edgesim.result.RunResult} into what people read: the terminal table, result.json, report.md,
 * by-region.csv and charts. Reads results only; knows nothing of the engines.
 */
package io.edgesim.report;
