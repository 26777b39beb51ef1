package dev.userlookup.bench;

/** The bare JVM the start-up benchmark compares against. */
public final class Hello {
    public static void main(String[] args) {
        System.out.println("hello");
    }

    private Hello() {
    }
}
