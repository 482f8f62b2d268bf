package io.hawser.launcher;

import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine;
import picocli.CommandLine.Model.CommandSpec;

/**
 * A group of the launcher's options ({@link ConnectorOptions}, {@link TlsOptions}, ...), in the order
 * {@code --help} lists them: each {@link Opt} a group declares with {@link #add} as a field
 * initializer is listed in field order.
 */
final class Options {
    private final List<Opt<?>> declared = new ArrayList<>();

    /** @return {@code option}, now one of this group's */
    <T> Opt<T> add(Opt<T> option) {
        declared.add(option);
        return option;
    }

    /** Adds this group's options to {@code spec}, in declaration order. */
    void addTo(CommandSpec spec) {
        for (Opt<?> o : declared) {
            spec.addOption(o.spec());
        }
    }

    /**
     * @param args a command line of this group's options only
     * @throws CommandLine.ParameterException for a bad one
     */
    void parse(String... args) {
        CommandSpec spec = CommandSpec.create();
        addTo(spec);
        new CommandLine(spec).setCaseInsensitiveEnumValuesAllowed(true).parseArgs(args);
    }
}
