package io.edgesim.result;

/**
 * Requests one stage of a limiter refused.
 *
 * @param refused         rejections plus closed failures at this stage
 * @param exactAlsoRefused of those, how many the exact count refused too (both the stage and the exact limit said
 *                        no: the client cannot tell which limit it hit unless the tier is marked)
 */
public record StageRefusals(long refused, long exactAlsoRefused) {
}
