package io.toolgate.catalog.file;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Objects;
import java.util.Optional;

/**
 * A catalog document to read: a file on disk, a class-path resource, or text in memory.
 *
 * <p>The {@link #label()} names it in messages and source labels ({@code file:<label>}): the path
 * as given, {@code classpath:<resource>} for resources. YAML is read unless the label ends in
 * {@code .json}; JSON is valid YAML anyway, but the JSON parser gives sharper error positions.
 *
 * @param label how the document is named to people
 * @param path the file, when it is one
 * @param resource the class-path resource name and its loader, when it is one
 * @param text the content, when it was given in memory
 */
public record CatalogFile(
    String label, Optional<Path> path, Optional<Resource> resource, Optional<String> text) {

  /** A class-path resource. */
  public record Resource(ClassLoader loader, String name) {}

  /** The largest catalog document read, in bytes. */
  public static final int MAX_BYTES = 16 * 1024 * 1024;

  public CatalogFile {
    Objects.requireNonNull(label, "label");
    path = path == null ? Optional.empty() : path;
    resource = resource == null ? Optional.empty() : resource;
    text = text == null ? Optional.empty() : text;
  }

  /** A file, labelled with the path as given. */
  public static CatalogFile of(Path path) {
    return of(path, path.toString());
  }

  /** A file with its own label, e.g. relative to the config file's folder. */
  public static CatalogFile of(Path path, String label) {
    return new CatalogFile(label, Optional.of(path), Optional.empty(), Optional.empty());
  }

  /** A class-path resource such as {@code io/toolgate/demo/weather.yaml}. */
  public static CatalogFile resource(ClassLoader loader, String name) {
    return new CatalogFile(
        "classpath:" + name,
        Optional.empty(),
        Optional.of(new Resource(loader, name)),
        Optional.empty());
  }

  /** A document given as text, e.g. from an API request; the label decides YAML or JSON. */
  public static CatalogFile text(String label, String text) {
    return new CatalogFile(label, Optional.empty(), Optional.empty(), Optional.of(text));
  }

  /** The source label of this document's tools: {@code file:<label>}. */
  public String source() {
    return "file:" + label;
  }

  /** Whether the JSON parser reads it. */
  public boolean isJson() {
    return label.toLowerCase(Locale.ROOT).endsWith(".json");
  }

  /**
   * The content as UTF-8 text.
   *
   * @throws UncheckedIOException when it cannot be read; the message names the document
   */
  public String read() {
    if (text.isPresent()) {
      return text.get();
    }
    try {
      if (path.isPresent()) {
        if (Files.size(path.get()) > MAX_BYTES) {
          throw new IOException("larger than " + MAX_BYTES + " bytes");
        }
        return Files.readString(path.get(), StandardCharsets.UTF_8);
      }
      Resource r = resource.orElseThrow();
      try (InputStream in = r.loader().getResourceAsStream(r.name())) {
        if (in == null) {
          throw new IOException("no such class-path resource");
        }
        return new String(in.readNBytes(MAX_BYTES), StandardCharsets.UTF_8);
      }
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read " + label + ": " + describe(e), e);
    }
  }

  /** A user's words for why a file could not be read: "no such file", "permission denied", … */
  public static String describe(IOException e) {
    return switch (e) {
      case java.nio.file.NoSuchFileException n -> "no such file";
      case java.nio.file.AccessDeniedException a -> "permission denied";
      default -> e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
    };
  }
}
