// The types of sqlite-driver.js: either build it loads has the API @types/better-sqlite3 describes.
import SQLite from 'better-sqlite3';

export default SQLite;
