package io.toolgate.embeddings.onnx;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class NativeLibrariesTest {
  @TempDir Path data;

  @Test
  void extractsBothLibrariesIntoAVersionedFolderOfTheDataDirectory() throws Exception {
    Path folder = NativeLibraries.extractAll(data).orElseThrow();

    assertThat(folder.getParent()).isEqualTo(data.resolve("native").toAbsolutePath());
    assertThat(folder.getFileName().toString())
        .isEqualTo(
            "onnxruntime-"
                + NativeLibraries.version()
                + "-"
                + NativeLibraries.platform().orElseThrow());
    assertThat(folder.resolve(System.mapLibraryName("onnxruntime"))).isNotEmptyFile();
    assertThat(folder.resolve(System.mapLibraryName("onnxruntime4j_jni"))).isNotEmptyFile();
    try (Stream<Path> files = Files.list(folder)) {
      assertThat(files).hasSize(2); // no partial file left behind
    }
  }

  @Test
  void extractsOnceAndLeavesThemInPlaceOnTheNextRun() throws Exception {
    Path folder = NativeLibraries.extractAll(data).orElseThrow();
    Path library = folder.resolve(System.mapLibraryName("onnxruntime"));
    FileTime old = FileTime.fromMillis(1_000_000_000_000L);
    Files.setLastModifiedTime(library, old);

    NativeLibraries.extractAll(data);

    assertThat(Files.getLastModifiedTime(library)).isEqualTo(old);
  }

  @Test
  void readsTheVersionFromTheOnnxRuntimeJar() {
    assertThat(NativeLibraries.version()).matches("\\d+\\.\\d+\\.\\d+.*");
  }
}
