/**
 * Turns a {@link io.edgesim.result.RunResult} into what people read: the terminal table, result.json, report.md,
 * by-region.csv and charts; reads result.json back ({@link io.edgesim.report.ResultJson}) to set two runs side by side
 * ({@link io.edgesim.report.Comparison}). Reads results only; knows nothing of the engines.
 */
package io.edgesim.report;
