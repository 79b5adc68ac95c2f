/**
 * {@code edgesim serve}: the cluster engine opened to live HTTP clients. An HTTP listener per PoP (Apache Pekko HTTP)
 * turns each request into the model's {@link io.edgesim.model.Request}, hands it to the cluster run as live traffic
 * ({@link io.edgesim.engine.cluster.Traffic}) and answers with what the served limiter decided. Depends on the
 * engines and the model; nothing depends on it but the command line.
 */
package io.edgesim.serve;
