package io.flocktune.notebooks.kernel;

/** The kernel's version: the version of the jar (its manifest), or "dev" when run from classes. */
final class Versions {
    private Versions() {}

    static final String VERSION = java.util.Objects.requireNonNullElse(
            Versions.class.getPackage().getImplementationVersion(), "dev");
}
