package io.edgesim.report;

/** CSV quoting (RFC 4180): a field with a comma, quote or line break is quoted, quotes doubled. */
final class Csv {

    private Csv() {
    }

    static String field(String value) {
        if (value.indexOf(',') < 0 && value.indexOf('"') < 0 && value.indexOf('\n') < 0
                && value.indexOf('\r') < 0) {
            return value;
        }
        return '"' + value.replace("\"", "\"\"") + '"';
    }
}
