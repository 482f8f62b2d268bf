package io.hawser.launcher;

import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine;
import picocli.CommandLine.Model.IGetter;
import picocli.CommandLine.Model.ISetter;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.Model.PositionalParamSpec;

/**
 * One option of the launcher's command line and its value, declared in code ({@link Options}):
 * picocli's model is built from these rather than from {@code @Option} annotations, whose
 * reflection took ≈ 200 ms of a cold start on one core (docs/operations.md, "Startup time").
 * Picocli writes the value through {@link ISetter} and reads it (for {@code ${DEFAULT-VALUE}} and
 * before adding to a list) through {@link IGetter}.
 *
 * @param <T> the value's type: the option's type ({@code Integer} for {@code int}), a {@code List}
 *     of its elements for a repeatable or comma-separated option, {@code Boolean} for a flag
 */
final class Opt<T> implements IGetter, ISetter {
    private final OptionSpec.Builder spec;
    private T value;

    private Opt(OptionSpec.Builder spec, T initial) {
        this.spec = spec;
        this.value = initial;
    }

    /**
     * @param type the value's class ({@code int.class} for an {@code int} whose text picocli checks)
     * @param name the option's name, {@code --kebab-case}
     * @param paramLabel what the help shows for its value ({@code PORT}, {@code DURATION})
     * @param description the help line; picocli formats it ({@code %%} for a percent sign,
     *     {@code ${DEFAULT-VALUE}}, {@code ${COMPLETION-CANDIDATES}})
     * @return an option taking one value, {@code null} until given (see {@link #initial})
     */
    static <T> Opt<T> of(Class<T> type, String name, String paramLabel, String description) {
        return new Opt<>(OptionSpec.builder(name).type(type).paramLabel(paramLabel).description(description), null);
    }

    /**
     * @return an option taking comma-separated values of {@code element}, also when repeated;
     *     {@code null} until given
     * @see #of
     */
    static <E> Opt<List<E>> list(Class<E> element, String name, String paramLabel, String description) {
        return new Opt<>(OptionSpec.builder(name).type(List.class).auxiliaryTypes(element).splitRegex(",")
                .paramLabel(paramLabel).description(description), null);
    }

    /**
     * @return an option given once per value (commas are part of a value), an empty list until given
     * @see #of
     */
    static Opt<List<String>> repeatable(String name, String paramLabel, String description) {
        return new Opt<>(OptionSpec.builder(name).type(List.class).auxiliaryTypes(String.class)
                .paramLabel(paramLabel).description(description), new ArrayList<>());
    }

    /** @return an option without a value: {@code true} when given, else {@code false} */
    static Opt<Boolean> flag(String name, String description) {
        return new Opt<>(OptionSpec.builder(name).type(boolean.class).description(description), false);
    }

    /**
     * @return a value picocli sets that is no option (a positional parameter's: see {@link #positional}),
     *     {@code initial} until set; never {@link Options#add added} to a group
     */
    static <T> Opt<T> holder(T initial) {
        return new Opt<>(null, initial);
    }

    /** @return this option, with {@code value} until the command line gives another (shown by {@code ${DEFAULT-VALUE}}) */
    Opt<T> initial(T value) {
        this.value = value;
        return this;
    }

    /** @return this option, its text converted by {@code converter} instead of by its type */
    Opt<T> converter(CommandLine.ITypeConverter<?> converter) {
        spec.converters(converter);
        return this;
    }

    /** @return this option, taking {@code arity} values ({@code "1"}: a {@code Boolean} that needs {@code true} or {@code false}) */
    Opt<T> arity(String arity) {
        spec.arity(arity);
        return this;
    }

    /** @return this option, known by these names too (the help lists the longest first) */
    Opt<T> names(String... names) {
        spec.names(names);
        return this;
    }

    /** @return this option, its {@code ${COMPLETION-CANDIDATES}} read from {@code candidates} when the help is shown */
    Opt<T> completionCandidates(Iterable<String> candidates) {
        spec.completionCandidates(candidates);
        return this;
    }

    /** @return the value: the command line's, else the initial one */
    T value() {
        return value;
    }

    /** @return picocli's model of this option, bound to this value */
    OptionSpec spec() {
        return spec.getter(this).setter(this).initialValue(value).build();
    }

    /** @return picocli's model of the positional parameter {@code arg} describes, bound to this value (a {@link #holder}) */
    PositionalParamSpec positional(PositionalParamSpec.Builder arg) {
        return arg.getter(this).setter(this).initialValue(value).build();
    }

    @Override
    @SuppressWarnings("unchecked")
    public <V> V get() {
        return (V) value;
    }

    @Override
    @SuppressWarnings("unchecked")
    public <V> V set(V newValue) {
        V old = (V) value;
        value = (T) newValue;
        return old;
    }
}
