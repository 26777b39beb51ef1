package dev.userlookup.output.jq;

import dev.userlookup.output.UserFilter;
import java.util.function.Consumer;

/** {@code --jq} as the output's {@link UserFilter}: a {@link JqProgram} over each user's bytes. */
public final class JqFilter implements UserFilter {

    private final JqProgram program;

    private JqFilter(JqProgram program) {
        this.program = program;
    }

    public static UserFilter compile(String filter) {
        return new JqFilter(JqProgram.compile(filter));
    }

    @Override
    public void apply(byte[] json, int offset, int length, Consumer<String> lines) throws Failure {
        try {
            program.apply(JqProgram.read(json, offset, length), lines);
        } catch (JqProgram.Failure e) {
            throw new Failure(e.getMessage(), e);
        }
    }
}
