//! One connection type for the two engines of the store: SQLite (a file, the
//! default) and PostgreSQL (`postgres://…`, several instances over one
//! database). The storage thread owns a [`Db`]; every job runs its SQL
//! through it, written once in SQLite's dialect with numbered parameters
//! (`?1`, `?2`, ...) that are rewritten `$1`, `$2`... for PostgreSQL. The
//! SQL the store uses is common to both (the schemas differ only in their
//! types: see [`super::MIGRATIONS`] and [`super::PG_MIGRATIONS`]).
//!
//! Values are integers (`BIGINT` in PostgreSQL) and texts, each possibly
//! NULL: all the store's columns are one or the other.

use std::cell::RefCell;
use std::collections::HashMap;

/// Which engine a [`Db`] talks to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Engine {
    /// A SQLite file.
    Sqlite,
    /// A PostgreSQL database.
    Postgres,
}

/// The engine's error, in its own words.
#[derive(Debug, thiserror::Error)]
pub enum DbError {
    /// SQLite's.
    #[error("{0}")]
    Sqlite(#[from] rusqlite::Error),
    /// PostgreSQL's (with the server's detail when it sent one).
    #[error("{}", pg_words(.0))]
    Postgres(#[from] postgres::Error),
    /// A column of a type the store does not write.
    #[error("column {column}: {found}, expected {expected}")]
    Type {
        /// Its index.
        column: usize,
        /// What it held.
        found: &'static str,
        /// What the store wrote.
        expected: &'static str,
    },
}

/// PostgreSQL's words for an error: its message, and the server's
/// severity, code and detail when the server answered.
fn pg_words(e: &postgres::Error) -> String {
    match e.as_db_error() {
        Some(d) => {
            let mut s = format!("PostgreSQL {} {}: {}", d.severity(), d.code().code(), d.message());
            if let Some(detail) = d.detail() {
                s.push_str(&format!(" ({detail})"));
            }
            s
        }
        None => format!("PostgreSQL: {e}"),
    }
}

impl DbError {
    /// SQLite said the disk (or the database) is full.
    pub fn is_disk_full(&self) -> bool {
        matches!(self, DbError::Sqlite(e) if e.sqlite_error_code() == Some(rusqlite::ErrorCode::DiskFull))
    }

    /// A key already stored (a primary key or a unique index refused the row).
    pub fn is_unique_violation(&self) -> bool {
        match self {
            DbError::Sqlite(e) => e.sqlite_error_code() == Some(rusqlite::ErrorCode::ConstraintViolation),
            DbError::Postgres(e) => e.code() == Some(&postgres::error::SqlState::UNIQUE_VIOLATION),
            DbError::Type { .. } => false,
        }
    }
}

/// A parameter: an integer or a text, each possibly NULL.
#[derive(Clone, Copy, Debug)]
pub enum Val<'a> {
    /// An integer (`BIGINT`), or NULL.
    Int(Option<i64>),
    /// A text, or NULL.
    Text(Option<&'a str>),
}

impl From<i64> for Val<'_> {
    fn from(v: i64) -> Self {
        Val::Int(Some(v))
    }
}
impl From<Option<i64>> for Val<'_> {
    fn from(v: Option<i64>) -> Self {
        Val::Int(v)
    }
}
impl From<Option<u8>> for Val<'_> {
    fn from(v: Option<u8>) -> Self {
        Val::Int(v.map(i64::from))
    }
}
impl From<u32> for Val<'_> {
    fn from(v: u32) -> Self {
        Val::Int(Some(i64::from(v)))
    }
}
impl<'a> From<&'a str> for Val<'a> {
    fn from(v: &'a str) -> Self {
        Val::Text(Some(v))
    }
}
impl<'a> From<&'a String> for Val<'a> {
    fn from(v: &'a String) -> Self {
        Val::Text(Some(v))
    }
}
impl<'a> From<Option<&'a str>> for Val<'a> {
    fn from(v: Option<&'a str>) -> Self {
        Val::Text(v)
    }
}

/// A value read: NULL, an integer or a text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Cell {
    /// NULL.
    Null,
    /// An integer.
    Int(i64),
    /// A text.
    Text(String),
}

/// A row read, its values in the order of the query's columns.
#[derive(Clone, Debug)]
pub struct Row(pub Vec<Cell>);

impl Row {
    fn cell(&self, i: usize) -> &Cell {
        self.0.get(i).unwrap_or(&Cell::Null)
    }

    fn found(c: &Cell) -> &'static str {
        match c {
            Cell::Null => "NULL",
            Cell::Int(_) => "an integer",
            Cell::Text(_) => "a text",
        }
    }

    /// Column `i`, an integer or NULL.
    pub fn opt_int(&self, i: usize) -> Result<Option<i64>, DbError> {
        match self.cell(i) {
            Cell::Null => Ok(None),
            Cell::Int(v) => Ok(Some(*v)),
            c => Err(DbError::Type { column: i, found: Row::found(c), expected: "an integer" }),
        }
    }

    /// Column `i`, an integer.
    pub fn int(&self, i: usize) -> Result<i64, DbError> {
        self.opt_int(i)?.ok_or(DbError::Type { column: i, found: "NULL", expected: "an integer" })
    }

    /// Column `i`, a text or NULL.
    pub fn opt_text(&self, i: usize) -> Result<Option<String>, DbError> {
        match self.cell(i) {
            Cell::Null => Ok(None),
            Cell::Text(v) => Ok(Some(v.clone())),
            c => Err(DbError::Type { column: i, found: Row::found(c), expected: "a text" }),
        }
    }

    /// Column `i`, a text.
    pub fn text(&self, i: usize) -> Result<String, DbError> {
        self.opt_text(i)?.ok_or(DbError::Type { column: i, found: "NULL", expected: "a text" })
    }
}

/// A PostgreSQL connection with its prepared statements.
pub(crate) struct Pg {
    pub(crate) client: postgres::Client,
    /// The address it was opened with (to connect again after a loss).
    pub(crate) url: String,
    statements: HashMap<String, postgres::Statement>,
}

/// The connection of the storage thread, to either engine.
pub struct Db {
    inner: Inner,
}

enum Inner {
    Sqlite(rusqlite::Connection),
    Postgres(Box<RefCell<Pg>>),
}

/// `?1`, `?2`... rewritten `$1`, `$2`... (the store's SQL has no `?` in its texts).
fn dollars(sql: &str) -> String {
    sql.replace('?', "$")
}

impl Db {
    /// A SQLite connection.
    pub fn sqlite(conn: rusqlite::Connection) -> Db {
        conn.set_prepared_statement_cache_capacity(64);
        Db { inner: Inner::Sqlite(conn) }
    }

    /// A PostgreSQL connection, opened with `url`.
    pub fn postgres(client: postgres::Client, url: String) -> Db {
        Db { inner: Inner::Postgres(Box::new(RefCell::new(Pg { client, url, statements: HashMap::new() }))) }
    }

    /// Which engine.
    pub fn engine(&self) -> Engine {
        match &self.inner {
            Inner::Sqlite(_) => Engine::Sqlite,
            Inner::Postgres(_) => Engine::Postgres,
        }
    }

    /// The SQLite connection (`None` on PostgreSQL).
    pub fn as_sqlite(&self) -> Option<&rusqlite::Connection> {
        match &self.inner {
            Inner::Sqlite(c) => Some(c),
            Inner::Postgres(_) => None,
        }
    }

    /// Whether the PostgreSQL connection is lost (never for SQLite).
    pub(crate) fn is_closed(&self) -> bool {
        match &self.inner {
            Inner::Sqlite(_) => false,
            Inner::Postgres(pg) => pg.borrow().client.is_closed(),
        }
    }

    /// Connects again to PostgreSQL after the connection was lost (nothing for SQLite).
    pub(crate) fn reconnect(&self) -> Result<(), DbError> {
        if let Inner::Postgres(pg) = &self.inner {
            let mut pg = pg.borrow_mut();
            let client = postgres::Client::connect(&pg.url, postgres::NoTls)?;
            pg.client = client;
            pg.statements.clear();
        }
        Ok(())
    }

    /// Runs statements without parameters, separated by `;`.
    pub fn batch(&self, sql: &str) -> Result<(), DbError> {
        match &self.inner {
            Inner::Sqlite(c) => Ok(c.execute_batch(sql)?),
            Inner::Postgres(pg) => Ok(pg.borrow_mut().client.batch_execute(sql)?),
        }
    }

    /// Runs a statement of transaction control (`SAVEPOINT job`...): prepared
    /// once in SQLite (a job is often a single small insert), sent as it is
    /// to PostgreSQL.
    pub fn control(&self, sql: &str) -> Result<(), DbError> {
        match &self.inner {
            Inner::Sqlite(c) => {
                c.prepare_cached(sql)?.execute([])?;
                Ok(())
            }
            Inner::Postgres(pg) => Ok(pg.borrow_mut().client.batch_execute(sql)?),
        }
    }

    /// Runs one statement: how many rows it changed.
    pub fn execute(&self, sql: &str, args: &[Val<'_>]) -> Result<u64, DbError> {
        match &self.inner {
            Inner::Sqlite(c) => {
                let mut s = c.prepare_cached(sql)?;
                Ok(s.execute(rusqlite::params_from_iter(args.iter().map(sqlite_value)))? as u64)
            }
            Inner::Postgres(pg) => {
                let mut pg = pg.borrow_mut();
                let st = pg.statement(sql)?;
                let params = pg_params(args);
                Ok(pg.client.execute(&st, &params)?)
            }
        }
    }

    /// Runs a query: every row.
    pub fn query(&self, sql: &str, args: &[Val<'_>]) -> Result<Vec<Row>, DbError> {
        match &self.inner {
            Inner::Sqlite(c) => {
                let mut s = c.prepare_cached(sql)?;
                let n = s.column_count();
                let mut rows = s.query(rusqlite::params_from_iter(args.iter().map(sqlite_value)))?;
                let mut out = Vec::new();
                while let Some(r) = rows.next()? {
                    let mut cells = Vec::with_capacity(n);
                    for i in 0..n {
                        cells.push(match r.get_ref(i)? {
                            rusqlite::types::ValueRef::Null => Cell::Null,
                            rusqlite::types::ValueRef::Integer(v) => Cell::Int(v),
                            rusqlite::types::ValueRef::Text(t) => Cell::Text(String::from_utf8_lossy(t).into_owned()),
                            rusqlite::types::ValueRef::Real(_) => {
                                return Err(DbError::Type {
                                    column: i,
                                    found: "a real",
                                    expected: "an integer or a text",
                                })
                            }
                            rusqlite::types::ValueRef::Blob(_) => {
                                return Err(DbError::Type {
                                    column: i,
                                    found: "a blob",
                                    expected: "an integer or a text",
                                })
                            }
                        });
                    }
                    out.push(Row(cells));
                }
                Ok(out)
            }
            Inner::Postgres(pg) => {
                let mut pg = pg.borrow_mut();
                let st = pg.statement(sql)?;
                let params = pg_params(args);
                pg.client.query(&st, &params)?.iter().map(pg_row).collect()
            }
        }
    }

    /// Runs a query: its first row, if any.
    pub fn query_opt(&self, sql: &str, args: &[Val<'_>]) -> Result<Option<Row>, DbError> {
        Ok(self.query(sql, args)?.into_iter().next())
    }

    /// Runs a query of one integer (`count(*)`...).
    pub fn query_int(&self, sql: &str, args: &[Val<'_>]) -> Result<i64, DbError> {
        match self.query_opt(sql, args)? {
            Some(r) => r.int(0),
            None => Err(DbError::Type { column: 0, found: "no row", expected: "an integer" }),
        }
    }
}

impl Pg {
    fn statement(&mut self, sql: &str) -> Result<postgres::Statement, DbError> {
        if let Some(s) = self.statements.get(sql) {
            return Ok(s.clone());
        }
        let s = self.client.prepare(&dollars(sql))?;
        self.statements.insert(sql.to_string(), s.clone());
        Ok(s)
    }
}

fn sqlite_value(v: &Val<'_>) -> rusqlite::types::Value {
    match v {
        Val::Int(Some(i)) => rusqlite::types::Value::Integer(*i),
        Val::Text(Some(t)) => rusqlite::types::Value::Text(t.to_string()),
        Val::Int(None) | Val::Text(None) => rusqlite::types::Value::Null,
    }
}

fn pg_params<'a>(args: &'a [Val<'a>]) -> Vec<&'a (dyn postgres::types::ToSql + Sync)> {
    args.iter()
        .map(|v| match v {
            Val::Int(i) => i as &(dyn postgres::types::ToSql + Sync),
            Val::Text(t) => t as &(dyn postgres::types::ToSql + Sync),
        })
        .collect()
}

fn pg_row(r: &postgres::Row) -> Result<Row, DbError> {
    use postgres::types::Type;
    let mut cells = Vec::with_capacity(r.len());
    for (i, col) in r.columns().iter().enumerate() {
        let t = col.type_();
        let cell = if *t == Type::INT8 {
            r.try_get::<_, Option<i64>>(i)?.map(Cell::Int)
        } else if *t == Type::INT4 {
            r.try_get::<_, Option<i32>>(i)?.map(|v| Cell::Int(v.into()))
        } else if *t == Type::INT2 {
            r.try_get::<_, Option<i16>>(i)?.map(|v| Cell::Int(v.into()))
        } else if *t == Type::BOOL {
            r.try_get::<_, Option<bool>>(i)?.map(|v| Cell::Int(v.into()))
        } else if [Type::TEXT, Type::VARCHAR, Type::NAME, Type::BPCHAR].contains(t) {
            r.try_get::<_, Option<String>>(i)?.map(Cell::Text)
        } else {
            return Err(DbError::Type { column: i, found: "another type", expected: "an integer or a text" });
        };
        cells.push(cell.unwrap_or(Cell::Null));
    }
    Ok(Row(cells))
}
