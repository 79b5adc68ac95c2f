/** How a limiter's key is taken from a request (API key, CF-Connecting-IP, X-Forwarded-For, ...). */
package io.edgesim.model.key;
