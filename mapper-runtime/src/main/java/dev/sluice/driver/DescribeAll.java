package dev.sluice.driver;

import java.io.IOException;

/** The replies to Parse + Describe of several statements, one Sync. */
final class DescribeAll extends Exchange {
  final int[][] paramOids;
  final dev.sluice.Columns[] columns;

  /** Statements fully described (ParameterDescription and RowDescription or NoData). */
  int answered;

  DescribeAll(Session session, int count) {
    super(session);
    this.paramOids = new int[count][];
    this.columns = new dev.sluice.Columns[count];
  }

  @Override
  String name() {
    return "Parse/Describe of a pipeline";
  }

  @Override
  boolean message(byte type) throws IOException {
    MessageReader r = session.reader;
    switch (type) {
      case Protocol.PARSE_COMPLETE:
        r.skip();
        return false;
      case Protocol.PARAMETER_DESCRIPTION:
        if (answered >= paramOids.length) {
          throw session.unexpected(type, name());
        }
        paramOids[answered] = r.parameterDescription();
        return false;
      case Protocol.ROW_DESCRIPTION:
        columns[answered] = r.rowDescription();
        answered++;
        return false;
      case Protocol.NO_DATA:
        r.skip();
        answered++;
        return false;
      default:
        throw session.unexpected(type, name());
    }
  }
}
