package dev.sluice.driver;

/**
 * Bytes of the PostgreSQL frontend/backend protocol, version 3.0, named as in the "Message Formats"
 * chapter of the PostgreSQL documentation. Every other class refers to these names, never to
 * literals.
 */
public final class Protocol {
  private Protocol() {}

  public static final int PROTOCOL_VERSION_3 = 196608;

  /** Protocol 3.2 (PostgreSQL 18): cancel keys of variable length, 4 to 256 bytes. */
  public static final int PROTOCOL_VERSION_3_2 = (3 << 16) | 2;

  /** The longest cancel key BackendKeyData may carry (protocol 3.2). */
  static final int MAX_CANCEL_KEY_BYTES = 256;

  public static final int SSL_REQUEST_CODE = 80877103;
  public static final int CANCEL_REQUEST_CODE = 80877102;

  /** Parse and Bind count parameters in 16 bits: the most one statement can take. */
  static final int MAX_PARAMETERS = 65_535;

  // Backend messages.
  public static final byte AUTHENTICATION = 'R';
  public static final byte BACKEND_KEY_DATA = 'K';
  public static final byte BIND_COMPLETE = '2';
  public static final byte CLOSE_COMPLETE = '3';
  public static final byte COMMAND_COMPLETE = 'C';
  public static final byte COPY_IN_RESPONSE = 'G';
  public static final byte COPY_OUT_RESPONSE = 'H';
  public static final byte COPY_BOTH_RESPONSE = 'W';
  public static final byte COPY_DATA = 'd';
  public static final byte COPY_DONE = 'c';
  public static final byte DATA_ROW = 'D';
  public static final byte EMPTY_QUERY_RESPONSE = 'I';
  public static final byte ERROR_RESPONSE = 'E';
  public static final byte NEGOTIATE_PROTOCOL_VERSION = 'v';
  public static final byte NO_DATA = 'n';
  public static final byte NOTICE_RESPONSE = 'N';
  public static final byte NOTIFICATION_RESPONSE = 'A';
  public static final byte PARAMETER_DESCRIPTION = 't';
  public static final byte PARAMETER_STATUS = 'S';
  public static final byte PARSE_COMPLETE = '1';
  public static final byte PORTAL_SUSPENDED = 's';
  public static final byte READY_FOR_QUERY = 'Z';
  public static final byte ROW_DESCRIPTION = 'T';

  // Frontend messages.
  public static final byte BIND = 'B';
  public static final byte CLOSE = 'C';
  public static final byte COPY_FAIL = 'f';
  public static final byte DESCRIBE = 'D';
  public static final byte EXECUTE = 'E';
  public static final byte FLUSH = 'H';
  public static final byte PARSE = 'P';
  public static final byte PASSWORD_MESSAGE = 'p';
  public static final byte QUERY = 'Q';
  public static final byte SYNC = 'S';
  public static final byte TERMINATE = 'X';

  // Describe and Close targets.
  public static final byte TARGET_STATEMENT = 'S';
  public static final byte TARGET_PORTAL = 'P';

  // Authentication request codes.
  public static final int AUTH_OK = 0;
  public static final int AUTH_KERBEROS_V5 = 2;
  public static final int AUTH_CLEARTEXT_PASSWORD = 3;
  public static final int AUTH_MD5_PASSWORD = 5;
  public static final int AUTH_GSS = 7;
  public static final int AUTH_GSS_CONTINUE = 8;
  public static final int AUTH_SSPI = 9;
  public static final int AUTH_SASL = 10;
  public static final int AUTH_SASL_CONTINUE = 11;
  public static final int AUTH_SASL_FINAL = 12;

  // ReadyForQuery transaction status.
  public static final byte TX_IDLE = 'I';
  public static final byte TX_IN_BLOCK = 'T';
  public static final byte TX_FAILED = 'E';

  // Format codes.
  public static final short FORMAT_TEXT = 0;
  public static final short FORMAT_BINARY = 1;

  // ErrorResponse / NoticeResponse field codes.
  public static final byte FIELD_SEVERITY = 'S';
  public static final byte FIELD_SEVERITY_NONLOCALIZED = 'V';
  public static final byte FIELD_SQLSTATE = 'C';
  public static final byte FIELD_MESSAGE = 'M';
  public static final byte FIELD_DETAIL = 'D';
  public static final byte FIELD_HINT = 'H';
  public static final byte FIELD_POSITION = 'P';
  public static final byte FIELD_INTERNAL_POSITION = 'p';
  public static final byte FIELD_INTERNAL_QUERY = 'q';
  public static final byte FIELD_WHERE = 'W';
  public static final byte FIELD_SCHEMA = 's';
  public static final byte FIELD_TABLE = 't';
  public static final byte FIELD_COLUMN = 'c';
  public static final byte FIELD_DATA_TYPE = 'd';
  public static final byte FIELD_CONSTRAINT = 'n';
  public static final byte FIELD_FILE = 'F';
  public static final byte FIELD_LINE = 'L';
  public static final byte FIELD_ROUTINE = 'R';
}
