package io.toolgate.store.postgres;

import io.toolgate.store.StoreException;
import io.toolgate.store.StoreUnavailableException;
import java.sql.SQLException;
import java.sql.SQLTransientConnectionException;

/** Turns JDBC failures into the store's exceptions: unreachable versus broken. */
final class SqlErrors {
  private SqlErrors() {}

  /**
   * {@link StoreUnavailableException} when the database cannot be reached or is shutting down
   * (connection errors, SQLSTATE classes 08 and 57P), else {@link StoreException}.
   */
  static StoreException of(String what, String store, SQLException e) {
    String message = what + " in " + store + " failed: " + e.getMessage();
    if (unavailable(e)) {
      return new StoreUnavailableException(
          what
              + ": PostgreSQL at "
              + store
              + " cannot be reached ("
              + e.getMessage()
              + "); nothing was written, retry once it is back",
          e);
    }
    return new StoreException(message, e);
  }

  static boolean unavailable(SQLException e) {
    for (Throwable t = e; t != null; t = t.getCause()) {
      if (t instanceof SQLTransientConnectionException || t instanceof java.io.IOException) {
        return true;
      }
      if (t instanceof SQLException s && s.getSQLState() != null) {
        String state = s.getSQLState();
        if (state.startsWith("08") || state.startsWith("57P") || state.equals("53300")) {
          return true;
        }
      }
    }
    return false;
  }
}
