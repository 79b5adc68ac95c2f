package io.edgesim.model.cost;

/**
 * Workers Paid prices per month (USD), and the one figure of a Worker's bill the platform does not publish: the CPU
 * time of one invocation. Defaults (the published prices, and the CPU time as an assumption) live in reference.conf
 * under edgesim.prices, with their sources in docs/model.md; a scenario may override any of them.
 *
 * @param workerRequestsIncluded              Worker requests included per month (10 M)
 * @param workerRequestsPerMillion            USD per million requests beyond (0.30)
 * @param cpuMsIncluded                       Worker CPU milliseconds included per month (30 M)
 * @param cpuMsPerMillion                     USD per million CPU milliseconds beyond (0.02)
 * @param cpuMsPerRequest                     CPU milliseconds one invocation uses, waiting not included (an
 *                                            assumption: 1)
 * @param durableObjectRequestsIncluded       requests included per month (1 M)
 * @param durableObjectRequestsPerMillion     USD per million requests beyond (0.15)
 * @param rowsWrittenIncluded                 SQLite rows written included (50 M)
 * @param rowsWrittenPerMillion               USD per million beyond (1.00)
 * @param rowsReadIncluded                    rows read included (25 billion)
 * @param rowsReadPerMillion                  USD per million beyond (0.001)
 * @param durationGbSecondsIncluded           GB-s included (400,000)
 * @param durationPerMillionGbSeconds         USD per million GB-s beyond (12.50)
 * @param billedMemoryGb                      memory a Durable Object is billed at (0.128 GB)
 * @param kvReadsIncluded                     KV reads included (10 M)
 * @param kvReadsPerMillion                   USD per million beyond (0.50)
 * @param kvWritesIncluded                    KV writes included (1 M)
 * @param kvWritesPerMillion                  USD per million beyond (5.00)
 * @param bindingCallsPerMillion              USD per million Rate Limiting binding calls (0: no separate charge)
 * @param planMinimum                         the Workers Paid plan's monthly minimum (5.00)
 */
public record Prices(long workerRequestsIncluded, double workerRequestsPerMillion, long cpuMsIncluded,
                     double cpuMsPerMillion, double cpuMsPerRequest,
                     long durableObjectRequestsIncluded, double durableObjectRequestsPerMillion,
                     long rowsWrittenIncluded, double rowsWrittenPerMillion, long rowsReadIncluded,
                     double rowsReadPerMillion, double durationGbSecondsIncluded, double durationPerMillionGbSeconds,
                     double billedMemoryGb, long kvReadsIncluded, double kvReadsPerMillion, long kvWritesIncluded,
                     double kvWritesPerMillion, double bindingCallsPerMillion, double planMinimum) {
}
