package dev.userlookup.commands.options;

import dev.userlookup.service.ServiceClient;
import dev.userlookup.settings.OutputFormat;
import dev.userlookup.console.ColorMode;
import java.util.Arrays;
import java.util.Iterator;
import java.util.List;
import java.util.Locale;
import java.util.function.Function;
import picocli.CommandLine;
import picocli.CommandLine.TypeConversionException;

/**
 * Each converter throws with only the tool's words about what was wanted; {@link ErrorReporter}
 * puts the option and the value in front ({@code --output 'jsn'? did you mean json}).
 */
public final class OptionValues {

    private OptionValues() {
    }

    /** What an option takes, in words, for a value that is missing or not of its kind. */
    public interface Expected {
        String expected();
    }

    /** "a, b, c or d". */
    public static String either(List<String> words) {
        return String.join(", ", words.subList(0, words.size() - 1)) + " or " + words.get(words.size() - 1);
    }

    private abstract static class Choice<E> implements CommandLine.ITypeConverter<E>, Expected, Iterable<String> {
        private final Function<String, E> parse;
        private final List<String> names;

        Choice(Function<String, E> parse, List<String> names) {
            this.parse = parse;
            this.names = names;
        }

        @Override
        public E convert(String value) {
            try {
                return parse.apply(value);
            } catch (IllegalArgumentException e) {
                String closest = Suggestion.closest(value.trim().toLowerCase(Locale.ROOT), names);
                throw new TypeConversionException(closest != null ? "did you mean " + closest : "expected " + either(names));
            }
        }

        @Override
        public String expected() {
            return either(names);
        }

        @Override
        public Iterator<String> iterator() {
            return names.iterator();
        }
    }

    public static final class Output extends Choice<OutputFormat> {
        Output() {
            super(OutputFormat::parse, Arrays.stream(OutputFormat.values()).map(OutputFormat::id).toList());
        }
    }

    public static final class Color extends Choice<ColorMode> {
        Color() {
            super(ColorMode::parse, Arrays.stream(ColorMode.values()).map(mode -> mode.name().toLowerCase(Locale.ROOT)).toList());
        }
    }

    /** A whole number between two bounds; a number beyond one is told the bound, the closest value there is. */
    abstract static class WholeNumber implements Expected {
        private final long least;
        private final long most;

        WholeNumber(long least, long most) {
            this.least = least;
            this.most = most;
        }

        final long read(String value) {
            String text = value.trim();
            if (!text.matches("[-+]?[0-9]{1,30}")) {
                throw new TypeConversionException("expected " + expected());
            }
            java.math.BigInteger number = new java.math.BigInteger(text);
            if (number.compareTo(java.math.BigInteger.valueOf(least)) < 0) {
                throw new TypeConversionException("the least is " + least);
            }
            if (number.compareTo(java.math.BigInteger.valueOf(most)) > 0) {
                throw new TypeConversionException("the most is " + most);
            }
            return number.longValueExact();
        }

        @Override
        public final String expected() {
            return most == Long.MAX_VALUE ? "a whole number, " + least + " or more" : "a whole number from " + least + " to " + most;
        }
    }

    abstract static class WholeInt extends WholeNumber implements CommandLine.ITypeConverter<Integer> {
        WholeInt(int least, int most) {
            super(least, most);
        }

        @Override
        public final Integer convert(String value) {
            return (int) read(value);
        }
    }

    public static final class Limit extends WholeInt {
        Limit() {
            super(1, ServiceClient.MAX_LIMIT);
        }
    }

    public static final class Offset extends WholeNumber implements CommandLine.ITypeConverter<Long> {
        Offset() {
            super(0, Long.MAX_VALUE);
        }

        @Override
        public Long convert(String value) {
            return read(value);
        }
    }

    public static final class ParallelCount extends WholeInt {
        ParallelCount() {
            super(1, ParallelOption.MAX);
        }
    }

    public static final class Retries extends WholeInt {
        Retries() {
            super(0, dev.userlookup.settings.Settings.MAX_RETRIES);
        }
    }

    /**
     * Seconds, a decimal number above 0 and at most a day: a longer bound on one request is a
     * typing slip (1e12), not a wish, and would overflow the clock's arithmetic.
     */
    public static final class Seconds implements CommandLine.ITypeConverter<Double>, Expected {
        @Override
        public Double convert(String value) {
            String text = value.trim();
            if (!text.matches("[-+]?([0-9]+\\.?[0-9]*|\\.[0-9]+)([eE][-+]?[0-9]{1,4})?")) {
                throw new TypeConversionException("expected " + expected());
            }
            double seconds = Double.parseDouble(text);
            if (!(seconds > 0)) {
                throw new TypeConversionException("expected a number of seconds above 0, such as 0.5");
            }
            if (seconds > dev.userlookup.settings.Settings.MAX_TIMEOUT_SECONDS) {
                throw new TypeConversionException("the most is " + dev.userlookup.settings.Settings.MAX_TIMEOUT_SECONDS + " seconds (a day)");
            }
            return seconds;
        }

        @Override
        public String expected() {
            return "a number of seconds, such as 30 or 2.5";
        }
    }

    public static String missing(CommandLine.Model.OptionSpec option) {
        for (CommandLine.ITypeConverter<?> converter : option.converters()) {
            if (converter instanceof Expected) {
                return option.longestName() + " needs a value: " + ((Expected) converter).expected();
            }
        }
        return option.longestName() + " needs a value (" + option.paramLabel() + ")";
    }
}
