package io.edgesim.cli;

import picocli.CommandLine;

/** The version printed by --version, from the jar's manifest when there is one. */
final class Version implements CommandLine.IVersionProvider {

    @Override
    public String[] getVersion() {
        String version = Main.class.getPackage().getImplementationVersion();
        return new String[]{"edgesim " + (version == null ? "(development build)" : version)};
    }
}
