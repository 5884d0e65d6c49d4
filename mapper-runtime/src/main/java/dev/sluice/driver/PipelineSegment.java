package dev.sluice.driver;

import dev.sluice.PgException;
import java.io.IOException;
import java.util.List;

/**
 * Of a {@link StatementPipeline}: the replies to the steps sent before one Sync (one step, or the
 * whole of an atomic pipeline): per step BindComplete, rows, CommandComplete — or an error, after
 * which the server skips the rest up to the Sync. Yields when a step has its outcome.
 */
final class PipelineSegment extends Exchange {
  /** The step whose replies come next. */
  private int current;

  /** Whether its Sync is encoded (atomic: only with the last step, or after an abort). */
  boolean synced;

  /** Whether a value could not be encoded and the pipeline was failed on purpose. */
  boolean aborted;

  /** The pipeline whose steps it reads the replies of. */
  private final StatementPipeline pipeline;

  private final List<PipelineStep> steps;

  PipelineSegment(StatementPipeline pipeline, int first) {
    super(pipeline.session);
    this.pipeline = pipeline;
    this.steps = pipeline.steps;
    this.current = first;
    this.synced = !pipeline.atomic;
  }

  @Override
  String name() {
    return "a pipeline";
  }

  private PipelineStep step() throws ProtocolException {
    if (current >= steps.size()) {
      throw session.unexpected(Protocol.BIND_COMPLETE, "a pipeline, after its last statement");
    }
    return steps.get(current);
  }

  @Override
  boolean message(byte type) throws IOException {
    MessageReader r = session.reader;
    switch (type) {
      case Protocol.BIND_COMPLETE:
        {
          r.skip();
          Prepared p = step().statement;
          if (p.columns != null) {
            session.rowView.start(p.columns, p.binaryOids);
          }
          return false;
        }
      case Protocol.ROW_DESCRIPTION:
        {
          // The tracked mode's portal Describe: other columns than the described ones (a pooler
          // prepared the statement again after DDL) drop the step's rows and evict it.
          PipelineStep s = step();
          if (!pipeline.checksColumns) {
            throw session.unexpected(type, name());
          }
          PgException changed = ExtendedQuery.portalColumnsChanged(session, r, s.statement, s.sql);
          if (changed != null) {
            session.statements.evict(s.statement);
            s.rejected(changed);
          }
          return false;
        }
      case Protocol.NO_DATA: // the tracked mode's portal Describe of a statement without rows
        r.skip();
        return false;
      case Protocol.DATA_ROW:
        {
          PipelineStep s = step();
          if (s.sink == null || s.error() != null) {
            r.skipRows();
            return false;
          }
          try {
            s.sink.rows(session.rowView);
          } catch (RuntimeException e) {
            if (e instanceof PgException pe && "08P01".equals(pe.sqlState())) {
              throw e; // a malformed row: the session is broken
            }
            s.rejected(pipeline.failure(e, current)); // its other rows are skipped, never cancelled
          }
          return false;
        }
      case Protocol.COMMAND_COMPLETE:
        {
          PipelineStep s = step();
          long count = r.commandCount();
          if (r.droppedStatements()) {
            session.statements.forgetAll();
          }
          if (s.error() == null) {
            s.completed(count);
          } else {
            s.done = true;
          }
          current++;
          return true;
        }
      case Protocol.EMPTY_QUERY_RESPONSE:
        r.skip();
        step().completed(0);
        current++;
        return true;
      case Protocol.COPY_IN_RESPONSE:
      case Protocol.COPY_OUT_RESPONSE:
      case Protocol.COPY_BOTH_RESPONSE:
        // A later Sync would answer with a ReadyForQuery of its own: COPY has its own calls.
        throw session.protocolViolationAfterCopy(type);
      default:
        throw session.unexpected(type, name());
    }
  }

  @Override
  boolean error(PgException e) {
    super.error(e);
    if (current < steps.size()) {
      PipelineStep s = steps.get(current);
      if (!(aborted && s.error() != null)) {
        s.failed(new PgException(e, s.sql, pipeline.where(current)));
      } else {
        s.done = true;
      }
      current++;
    }
    return true;
  }
}
