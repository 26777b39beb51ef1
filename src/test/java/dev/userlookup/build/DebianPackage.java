package dev.userlookup.build;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.util.List;
import java.util.Locale;
import java.util.stream.Stream;

/**
 * Builds {@code target/userlookup_<version>_amd64.deb} from the bundle (see {@link Bundle}) with
 * Debian's own tools: dpkg-shlibdeps says which packages the runtime's libraries need,
 * {@code dpkg-deb --root-owner-group} packs the tree (gzip: the runtime's modules are compressed
 * already, and xz took a minute more of the build for an eighth off the size). It installs the bundle under
 * {@code /usr/lib/userlookup}, {@code /usr/bin/userlookup} a link to its launcher, the man page
 * (gzipped), bash's and zsh's completions where those shells look for a package's, and the
 * copyright (src/deb/copyright), changelog and md5sums Debian asks for; src/deb/lintian-overrides
 * says why lintian's remaining complaints do not apply. Where dpkg-deb or dpkg-shlibdeps (dpkg-dev) is not
 * installed it says so and makes none; DebIT then fails in CI.
 *
 * <p>Arguments: the build folder, the project folder, the version, the maintainer ({@code deb.maintainer}), the build's
 * timestamp (the changelog's date, yyyyMMddHHmmss in UTC).
 */
public final class DebianPackage {

    static final String DESCRIPTION = "command-line reader of a health-data service's end-user records\n"
            + " userlookup resolves users by their client id or user id and lists them\n"
            + " page by page or all at once, as tables for people and JSON, NDJSON or CSV\n"
            + " for scripts. It carries its own Java runtime.";

    public static void main(String[] args) throws Exception {
        Path target = Path.of(args[0]).toAbsolutePath();
        Path project = Path.of(args[1]).toAbsolutePath();
        String version = args[2];
        String maintainer = args[3];
        String timestamp = args[4];
        for (String tool : List.of("dpkg-deb", "dpkg-shlibdeps")) {
            if (Bundle.onPath(tool) == null) {
                System.out.println("[deb] none made: " + tool + " is not installed here (Debian: apt-get install dpkg-dev)");
                return;
            }
        }
        Path bundle = target.resolve("bundle/userlookup-" + version + "-linux-x64");
        if (!Files.isDirectory(bundle)) {
            throw new Bundle.Failed("no bundle " + bundle + " to package");
        }
        Path work = target.resolve("deb");
        Bundle.deleteTree(work);
        Path root = Files.createDirectories(work.resolve("userlookup_" + version + "_amd64"));

        Path home = Files.createDirectories(root.resolve("usr/lib/userlookup"));
        copyTree(bundle.resolve("bin"), home.resolve("bin"));
        copyTree(bundle.resolve("lib"), home.resolve("lib"));
        Files.createDirectories(root.resolve("usr/bin"));
        Files.createSymbolicLink(root.resolve("usr/bin/userlookup"), Path.of("../lib/userlookup/bin/userlookup"));
        gzip(bundle.resolve("share/man/man1/userlookup.1"), Files.createDirectories(root.resolve("usr/share/man/man1")).resolve("userlookup.1.gz"));
        copy(bundle.resolve("share/bash-completion/completions/userlookup"),
                Files.createDirectories(root.resolve("usr/share/bash-completion/completions")).resolve("userlookup"));
        copy(bundle.resolve("share/zsh/site-functions/_userlookup"),
                Files.createDirectories(root.resolve("usr/share/zsh/vendor-completions")).resolve("_userlookup"));
        Path doc = Files.createDirectories(root.resolve("usr/share/doc/userlookup"));
        copy(project.resolve("src/deb/copyright"), doc.resolve("copyright"));
        Path changelog = Files.writeString(work.resolve("changelog"), changelog(version, maintainer, timestamp), StandardCharsets.UTF_8);
        gzip(changelog, doc.resolve("changelog.gz"));
        Files.delete(changelog);
        copy(project.resolve("src/deb/lintian-overrides"), Files.createDirectories(root.resolve("usr/share/lintian/overrides")).resolve("userlookup"));

        Path control = Files.createDirectories(root.resolve("DEBIAN")).resolve("control");
        Files.writeString(control, "Package: userlookup\n"
                + "Version: " + version + "\n"
                + "Architecture: amd64\n"
                + "Maintainer: " + maintainer + "\n"
                + "Installed-Size: " + installedSize(root) + "\n"
                + "Depends: " + depends(work, home.resolve("lib/runtime")) + "\n"
                + "Section: utils\n"
                + "Priority: optional\n"
                + "Description: " + DESCRIPTION + "\n", StandardCharsets.UTF_8);

        Files.writeString(root.resolve("DEBIAN/md5sums"), md5sums(root), StandardCharsets.UTF_8);

        Path deb = target.resolve("userlookup_" + version + "_amd64.deb");
        Files.deleteIfExists(deb);
        Bundle.run(new ProcessBuilder("dpkg-deb", "--root-owner-group", "-Zgzip", "-z6", "--build", root.toString(), deb.toString()), "dpkg-deb");
        System.out.println("[deb] " + deb);
    }

    /** What dpkg-shlibdeps finds the runtime's programs and libraries need (libc6, and zlib1g and libstdc++6 for some JDKs). */
    private static String depends(Path work, Path runtime) throws Exception {
        Path source = Files.createDirectories(work.resolve("shlibdeps/debian"));
        Files.writeString(source.resolve("control"), "Source: userlookup\n\nPackage: userlookup\nArchitecture: amd64\n");
        List<String> command = new java.util.ArrayList<>(List.of("dpkg-shlibdeps", "-O"));
        try (Stream<Path> files = Files.walk(runtime)) {
            files.filter(file -> Files.isRegularFile(file, LinkOption.NOFOLLOW_LINKS))
                    .filter(file -> file.getFileName().toString().endsWith(".so") || file.getParent().getFileName().toString().equals("bin")
                            || file.getFileName().toString().equals("jspawnhelper"))
                    .map(Path::toString).sorted().forEach(command::add);
        }
        Path out = work.resolve("shlibdeps.out");
        ProcessBuilder builder = new ProcessBuilder(command).directory(source.getParent().toFile());
        builder.redirectOutput(out.toFile()).redirectError(ProcessBuilder.Redirect.DISCARD);
        if (builder.start().waitFor() != 0) {
            throw new Bundle.Failed("dpkg-shlibdeps failed on " + runtime);
        }
        for (String line : Files.readAllLines(out)) {
            if (line.startsWith("shlibs:Depends=")) {
                Bundle.deleteTree(source.getParent());
                Files.delete(out);
                return line.substring("shlibs:Depends=".length());
            }
        }
        throw new Bundle.Failed("dpkg-shlibdeps named no dependency for " + runtime);
    }

    /** DEBIAN/md5sums, as dh_md5sums writes it: each file's MD5 and its path, for debsums and dpkg --verify. */
    private static String md5sums(Path root) throws Exception {
        StringBuilder sums = new StringBuilder();
        try (Stream<Path> files = Files.walk(root)) {
            for (Path file : files.filter(file -> Files.isRegularFile(file, LinkOption.NOFOLLOW_LINKS))
                    .filter(file -> !file.startsWith(root.resolve("DEBIAN"))).sorted().toList()) {
                java.security.MessageDigest md5 = java.security.MessageDigest.getInstance("MD5");
                try (java.io.InputStream in = new java.security.DigestInputStream(Files.newInputStream(file), md5)) {
                    in.transferTo(OutputStream.nullOutputStream());
                }
                sums.append(java.util.HexFormat.of().formatHex(md5.digest())).append("  ").append(root.relativize(file)).append('\n');
            }
        }
        return sums.toString();
    }

    /** As dpkg-gencontrol counts it: each file's size in KiB, rounded up. */
    private static long installedSize(Path root) throws IOException {
        try (Stream<Path> files = Files.walk(root)) {
            return files.filter(file -> !file.startsWith(root.resolve("DEBIAN")))
                    .mapToLong(file -> {
                        try {
                            return Files.isRegularFile(file, LinkOption.NOFOLLOW_LINKS) ? (Files.size(file) + 1023) / 1024 : 1;
                        } catch (IOException e) {
                            throw new java.io.UncheckedIOException(e);
                        }
                    }).sum();
        }
    }

    private static String changelog(String version, String maintainer, String timestamp) {
        ZonedDateTime when = java.time.LocalDateTime.parse(timestamp, DateTimeFormatter.ofPattern("yyyyMMddHHmmss"))
                .atZone(java.time.ZoneOffset.UTC);
        return "userlookup (" + version + ") unstable; urgency=medium\n\n"
                + "  * userlookup " + version + ", with its own Java runtime.\n\n"
                + " -- " + maintainer + "  " + DateTimeFormatter.ofPattern("EEE, dd MMM yyyy HH:mm:ss Z", Locale.ROOT).format(when) + "\n";
    }

    /** gzip -9n, as Debian compresses manual pages and changelogs: the best compression, no name or time. */
    private static void gzip(Path from, Path to) throws Exception {
        Path plain = to.resolveSibling(to.getFileName().toString().replaceFirst("\\.gz$", ""));
        Files.copy(from, plain, StandardCopyOption.REPLACE_EXISTING);
        Files.deleteIfExists(to);
        Bundle.run(new ProcessBuilder("gzip", "-9n", plain.toString()), "gzip");
        Files.setPosixFilePermissions(to, PosixFilePermissions.fromString("rw-r--r--"));
    }

    private static void copy(Path from, Path to) throws IOException {
        Files.copy(from, to, StandardCopyOption.REPLACE_EXISTING);
        Files.setPosixFilePermissions(to, PosixFilePermissions.fromString("rw-r--r--"));
    }

    /** The tree as it is, links as links; folders and programs 755, other files 644 (jlink makes its notices 444). */
    private static void copyTree(Path from, Path to) throws IOException {
        try (Stream<Path> files = Files.walk(from)) {
            for (Path file : files.toList()) {
                Path copy = to.resolve(from.relativize(file).toString());
                if (Files.isDirectory(file, LinkOption.NOFOLLOW_LINKS)) {
                    Files.createDirectories(copy);
                    Files.setPosixFilePermissions(copy, PosixFilePermissions.fromString("rwxr-xr-x"));
                } else {
                    Files.copy(file, copy, LinkOption.NOFOLLOW_LINKS, StandardCopyOption.COPY_ATTRIBUTES);
                    if (!Files.isSymbolicLink(copy)) {
                        Files.setPosixFilePermissions(copy, PosixFilePermissions.fromString(
                                Files.isExecutable(file) ? "rwxr-xr-x" : "rw-r--r--"));
                    }
                }
            }
        }
    }

    private DebianPackage() {
    }
}
