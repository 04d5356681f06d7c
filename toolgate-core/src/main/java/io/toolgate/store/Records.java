package io.toolgate.store;

import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import java.util.zip.CRC32;

/**
 * The on-disk framing shared by journals and snapshots.
 *
 * <pre>
 * frame   = length:int32  crc32(payload):int32  payload
 * payload = version:int8(1)  count:int32  op*
 * op      = 1:int8 namespace:utf key:utf length:int32 bytes   (put)
 *         | 2:int8 namespace:utf key:utf                      (delete)
 * </pre>
 *
 * <p>Integers are big-endian; {@code utf} is Java's modified UTF-8 with a 16-bit length. A frame is
 * the unit of atomicity: a torn or corrupt frame is detected by its length or CRC and dropped with
 * everything after it.
 */
final class Records {
  static final int HEADER_BYTES = 8;
  static final int MAX_PAYLOAD_BYTES = 256 * 1024 * 1024;
  private static final byte VERSION = 1;
  private static final byte PUT = 1;
  private static final byte DELETE = 2;

  private Records() {}

  /** The complete frame (header and payload) of one commit. */
  static ByteBuffer frame(List<StoreOp> ops) {
    byte[] payload = payload(ops);
    if (payload.length > MAX_PAYLOAD_BYTES) {
      throw new IllegalArgumentException(
          "a commit of "
              + payload.length
              + " bytes is over the limit of "
              + MAX_PAYLOAD_BYTES
              + "; split it into several commits");
    }
    ByteBuffer frame = ByteBuffer.allocate(HEADER_BYTES + payload.length);
    frame.putInt(payload.length).putInt(crc(payload, 0, payload.length)).put(payload).flip();
    return frame;
  }

  private static byte[] payload(List<StoreOp> ops) {
    try {
      ByteArrayOutputStream bytes = new ByteArrayOutputStream(64);
      DataOutputStream out = new DataOutputStream(bytes);
      out.writeByte(VERSION);
      out.writeInt(ops.size());
      for (StoreOp op : ops) {
        switch (op) {
          case StoreOp.Put put -> {
            out.writeByte(PUT);
            out.writeUTF(put.namespace());
            out.writeUTF(put.key());
            out.writeInt(put.bytes().length);
            out.write(put.bytes());
          }
          case StoreOp.Delete delete -> {
            out.writeByte(DELETE);
            out.writeUTF(delete.namespace());
            out.writeUTF(delete.key());
          }
        }
      }
      out.flush();
      return bytes.toByteArray();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** Decodes a payload whose CRC matched. */
  static List<StoreOp> ops(byte[] payload) throws IOException {
    DataInputStream in = new DataInputStream(new java.io.ByteArrayInputStream(payload));
    byte version = in.readByte();
    if (version != VERSION) {
      throw new IOException("record version " + version + " is not supported (expected 1)");
    }
    int count = in.readInt();
    if (count < 0) {
      throw new IOException("negative op count " + count);
    }
    List<StoreOp> ops = new ArrayList<>(Math.min(count, 1024));
    for (int i = 0; i < count; i++) {
      byte type = in.readByte();
      String namespace = in.readUTF();
      String key = in.readUTF();
      switch (type) {
        case PUT -> {
          int length = in.readInt();
          if (length < 0 || length > payload.length) {
            throw new IOException("bad value length " + length);
          }
          byte[] value = in.readNBytes(length);
          if (value.length != length) {
            throw new IOException("value truncated");
          }
          ops.add(new StoreOp.Put(namespace, key, value));
        }
        case DELETE -> ops.add(new StoreOp.Delete(namespace, key));
        default -> throw new IOException("unknown op type " + type);
      }
    }
    return ops;
  }

  static int crc(byte[] bytes, int offset, int length) {
    CRC32 crc = new CRC32();
    crc.update(bytes, offset, length);
    return (int) crc.getValue();
  }
}
