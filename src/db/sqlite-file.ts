import Database from 'better-sqlite3';

/**
 * A connection of its own to a SQLite file, beside the one knex drives (the same module: knex loads better-sqlite3
 * for the database itself): the WAL checkpointer's and the book reader's threads, the revocation counter's reader and
 * the process liveness locks each open one.
 */
export type SqliteFile = Database.Database;

export const openSqliteFile = (path: string, options?: Database.Options): SqliteFile => new Database(path, options);
