package dev.userlookup.build;

import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;
import java.util.stream.Stream;

/**
 * Builds {@code target/userlookup-<version>-linux-x64.tar.gz}, the tool with a runtime of its own:
 * {@code bin/userlookup} (the launcher, which takes {@code lib/runtime} over any other Java),
 * {@code lib/} with the jar, the runtime made by jlink from the modules the tool needs, its
 * class archive and JLine's native library, {@code share/} with the man page and completions, and
 * README.md. Nothing of it is made or looked for outside the bundle when it runs.
 *
 * <p>The class archive is made here, with the bundle's own runtime, so it fits wherever the bundle
 * is unpacked: on JDK 25 and later an AOT cache of the tool's classes and the JDK's, trained as
 * {@link StartupArchive#buildAotCache} trains (it holds wherever its jar is moved); before 25 the
 * runtime's own default archive, of the JDK classes the build's training loaded (an archive of the
 * tool's classes would hold only for the jar at the path it was made for).
 *
 * <p>Arguments: the build folder, the project folder, the version, the JDK to link the runtime
 * from ({@code -Dbundle.jdk}; empty: the build's own if it is 25 or later, else the newest JDK
 * 25+ under /usr/lib/jvm, else the build's own), and the modules, comma-separated
 * ({@code bundle.modules}, pinned in pom.xml; BundleIT compares them with what jdeps finds).
 */
public final class Bundle {

    /** A step that did not go as meant: the build stops on it. */
    static final class Failed extends Exception {
        private static final long serialVersionUID = 1L;

        Failed(String message) {
            super(message + " (-Dbundle.skip=true builds without the bundle)");
        }
    }

    public static void main(String[] args) throws Exception {
        Path target = Path.of(args[0]).toAbsolutePath();
        Path project = Path.of(args[1]).toAbsolutePath();
        String version = args[2];
        Path jdk = jdk(args.length > 3 && args[3] != null ? args[3].strip() : "");
        List<String> modules = Arrays.stream(args.length > 4 && args[4] != null ? args[4].split(",") : new String[0])
                .map(String::strip).filter(module -> !module.isEmpty()).toList();
        String jdkVersion = StartupArchive.releaseVersion(jdk);
        int feature = StartupArchive.featureRelease(jdkVersion);

        String name = "userlookup-" + version + "-linux-x64";
        Path work = target.resolve("bundle");
        deleteTree(work);
        Path folder = work.resolve(name);
        Path bin = Files.createDirectories(folder.resolve("bin"));
        Path lib = Files.createDirectories(folder.resolve("lib"));
        Files.copy(target.resolve("userlookup"), bin.resolve("userlookup"));
        Files.setPosixFilePermissions(bin.resolve("userlookup"), PosixFilePermissions.fromString("rwxr-xr-x"));
        Path jar = Files.copy(target.resolve("userlookup.jar"), lib.resolve("userlookup.jar"));
        extract(jar, "org/jline/nativ/Linux/x86_64/libjlinenative.so", lib.resolve("libjlinenative.so"));
        Files.createDirectories(folder.resolve("share/man/man1"));
        Files.copy(target.resolve("man/man1/userlookup.1"), folder.resolve("share/man/man1/userlookup.1"));
        Files.createDirectories(folder.resolve("share/bash-completion/completions"));
        Files.copy(project.resolve("completions/userlookup.bash"), folder.resolve("share/bash-completion/completions/userlookup"));
        Files.createDirectories(folder.resolve("share/zsh/site-functions"));
        Files.copy(project.resolve("completions/userlookup.zsh"), folder.resolve("share/zsh/site-functions/_userlookup"));
        Files.copy(project.resolve("README.md"), folder.resolve("README.md"));

        Path runtime = lib.resolve("runtime");
        link(jdk, feature, modules, runtime);
        strip(lib);
        // The launcher tells archives apart by the runtime's version, as for any JDK; jlink leaves it out.
        if (jdkVersion != null) {
            Files.writeString(runtime.resolve("release"), "JAVA_RUNTIME_VERSION=\"" + jdkVersion + "\"\n", StandardCharsets.UTF_8,
                    java.nio.file.StandardOpenOption.APPEND);
        }
        if (feature >= 25) {
            Path cache = StartupArchive.buildAotCache(jar, runtime);
            System.out.println("[bundle] " + folder.relativize(cache) + " (AOT cache)");
        } else {
            dumpRuntimeArchive(runtime, target.resolve("userlookup.classlist"), jar, work);
            System.out.println("[bundle] lib/runtime/lib/server/classes.jsa (the runtime's archive of the JDK classes trained)");
        }

        Path archive = target.resolve(name + ".tar.gz");
        Files.deleteIfExists(archive);
        run(new ProcessBuilder("tar", "--owner=0", "--group=0", "--numeric-owner", "--sort=name", "-czf", archive.toString(),
                "-C", work.toString(), name), "tar");
        System.out.println("[bundle] " + archive + " with the runtime of " + jdk + " (Java " + jdkVersion + ")");
    }

    /** The JDK named, or the build's own if 25 or later, else the newest JDK 25+ under /usr/lib/jvm, else the build's own. */
    static Path jdk(String named) throws IOException, Failed {
        if (!named.isEmpty()) {
            Path home = Path.of(named);
            if (!Files.isExecutable(home.resolve("bin/jlink"))) {
                throw new Failed("bundle.jdk: " + home + " is no JDK with bin/jlink");
            }
            return home;
        }
        Path own = Path.of(System.getProperty("java.home"));
        if (StartupArchive.featureRelease(StartupArchive.releaseVersion(own)) >= 25 && Files.isExecutable(own.resolve("bin/jlink"))) {
            return own;
        }
        if (Files.isDirectory(StartupArchive.JDK_FOLDER)) {
            try (Stream<Path> homes = Files.list(StartupArchive.JDK_FOLDER)) {
                Path newest = homes.filter(home -> !Files.isSymbolicLink(home) && Files.isExecutable(home.resolve("bin/jlink")))
                        .filter(home -> StartupArchive.featureRelease(StartupArchive.releaseVersion(home)) >= 25)
                        .max(Comparator.<Path>comparingInt(home -> StartupArchive.featureRelease(StartupArchive.releaseVersion(home)))
                                .thenComparing(Comparator.naturalOrder()))
                        .orElse(null);
                if (newest != null) {
                    return newest;
                }
            }
        }
        if (!Files.isExecutable(own.resolve("bin/jlink"))) {
            throw new Failed("the build's Java " + own + " has no jlink: name a JDK with -Dbundle.jdk=");
        }
        return own;
    }

    private static void link(Path jdk, int feature, List<String> modules, Path runtime) throws IOException, InterruptedException, Failed {
        List<String> wanted = new ArrayList<>(modules);
        // From JDK 22 the elliptic curves are in java.base, and jdk.crypto.ec an empty module deprecated for removal.
        if (feature >= 22) {
            wanted.remove("jdk.crypto.ec");
        }
        run(new ProcessBuilder(jdk.resolve("bin/jlink").toString(), "--add-modules", String.join(",", wanted), "--strip-debug",
                "--no-header-files", "--no-man-pages", "--compress=" + (feature >= 21 ? "zip-6" : "2"), "--output", runtime.toString()),
                "jlink from " + jdk);
    }

    /**
     * The runtime's programs and libraries, and JLine's, without their symbol tables, as Debian's
     * dh_strip leaves them (a library keeps what linking needs): smaller, and what a package may
     * install. Before any archive is made; where binutils' strip is missing they stay as they are.
     */
    static void strip(Path lib) throws IOException, InterruptedException, Failed {
        Path strip = onPath("strip");
        if (strip == null) {
            System.out.println("[bundle] strip (binutils) is not installed here: the runtime's libraries keep their symbols");
            return;
        }
        List<Path> elf = new ArrayList<>();
        try (Stream<Path> files = Files.walk(lib)) {
            for (Path file : files.filter(file -> Files.isRegularFile(file, java.nio.file.LinkOption.NOFOLLOW_LINKS)).toList()) {
                byte[] head = new byte[4];
                try (InputStream in = Files.newInputStream(file)) {
                    if (in.readNBytes(head, 0, 4) == 4 && head[0] == 0x7f && head[1] == 'E' && head[2] == 'L' && head[3] == 'F') {
                        elf.add(file);
                    }
                }
            }
        }
        for (Path file : elf) {
            List<String> command = new ArrayList<>(List.of(strip.toString(), "--remove-section=.comment", "--remove-section=.note"));
            if (file.getFileName().toString().endsWith(".so")) {
                command.add("--strip-unneeded");
            }
            command.add(file.toString());
            run(new ProcessBuilder(command), "strip");
        }
    }

    /**
     * The runtime's default archive ({@code lib/server/classes.jsa}, which the JVM maps wherever the
     * runtime lies) of the JDK's classes among those the build's training loaded.
     */
    static void dumpRuntimeArchive(Path runtime, Path classList, Path jar, Path work) throws IOException, InterruptedException, Failed {
        if (!Files.isRegularFile(classList)) {
            throw new Failed("no class list " + classList + " from the build's training to make the runtime's archive from");
        }
        Path jdkList = work.resolve("jdk.classlist");
        Files.write(jdkList, jdkClasses(Files.readAllLines(classList, StandardCharsets.UTF_8), classesIn(jar)), StandardCharsets.UTF_8);
        try {
            run(new ProcessBuilder(runtime.resolve("bin/java").toString(), "-Xshare:dump", "-XX:SharedClassListFile=" + jdkList),
                    "the runtime's archive (java -Xshare:dump)");
        } finally {
            Files.deleteIfExists(jdkList);
        }
    }

    /** The lines of a class list that name no class of the jar (nor a lambda made in one). */
    static List<String> jdkClasses(List<String> lines, Set<String> jarClasses) {
        List<String> kept = new ArrayList<>();
        for (String line : lines) {
            String[] words = line.strip().split("\\s+");
            if (words[0].isEmpty() || words[0].startsWith("#")) {
                continue;
            }
            String named = switch (words[0]) {
                case "@lambda-proxy" -> words.length > 1 ? words[1] : "";
                case "@lambda-form-invoker" -> null;
                default -> words[0].startsWith("@") ? "" : words[0];
            };
            if (named == null || (!named.isEmpty() && !jarClasses.contains(named))) {
                kept.add(line);
            }
        }
        return kept;
    }

    /** The classes the jar holds, as a class list names them (dev/userlookup/Main). */
    static Set<String> classesIn(Path jar) throws IOException {
        Set<String> classes = new HashSet<>();
        try (JarFile file = new JarFile(jar.toFile())) {
            for (JarEntry entry : (Iterable<JarEntry>) file.stream()::iterator) {
                String entryName = entry.getName();
                if (entryName.endsWith(".class")) {
                    classes.add(entryName.replaceFirst("^META-INF/versions/\\d+/", "").replaceFirst("\\.class$", ""));
                }
            }
        }
        return classes;
    }

    private static void extract(Path jar, String entry, Path to) throws IOException, Failed {
        try (JarFile file = new JarFile(jar.toFile())) {
            JarEntry found = file.getJarEntry(entry);
            if (found == null) {
                throw new Failed(jar + " holds no " + entry);
            }
            try (InputStream in = file.getInputStream(found)) {
                Files.copy(in, to, StandardCopyOption.REPLACE_EXISTING);
            }
        }
    }

    /** Runs one step with no input; a failure or a timeout stops the build with the step's last lines. */
    static void run(ProcessBuilder builder, String what) throws IOException, InterruptedException, Failed {
        Path log = Files.createTempFile("userlookup-bundle", ".log");
        try {
            builder.redirectErrorStream(true).redirectOutput(log.toFile()).redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")));
            Process process = builder.start();
            if (!process.waitFor(600, TimeUnit.SECONDS)) {
                process.destroyForcibly();
                throw new Failed(what + " still running after 600 s: " + String.join(" ", builder.command()));
            }
            if (process.exitValue() != 0) {
                List<String> lines = Files.readAllLines(log, StandardCharsets.UTF_8);
                throw new Failed(what + " exited " + process.exitValue() + ": " + String.join(" ", builder.command()) + "\n  "
                        + String.join("\n  ", lines.subList(Math.max(0, lines.size() - 10), lines.size())));
            }
        } finally {
            Files.deleteIfExists(log);
        }
    }

    static Path onPath(String program) {
        for (String folder : System.getenv().getOrDefault("PATH", "/usr/bin:/bin").split(":")) {
            Path candidate = Path.of(folder.isEmpty() ? "." : folder, program);
            if (Files.isExecutable(candidate) && !Files.isDirectory(candidate)) {
                return candidate;
            }
        }
        return null;
    }

    static void deleteTree(Path root) throws IOException {
        if (!Files.exists(root, java.nio.file.LinkOption.NOFOLLOW_LINKS)) {
            return;
        }
        try (Stream<Path> files = Files.walk(root)) {
            for (Path file : files.sorted(Comparator.reverseOrder()).toList()) {
                Files.delete(file);
            }
        }
    }

    private Bundle() {
    }
}
