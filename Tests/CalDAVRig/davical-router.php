<?php
// DAViCal (Debian 12's davical) under `php -S` for the sync tests (CalDAVServer.swift): every
// request goes to its CalDAV entry point, as the package's Apache rewrite rules send them.
// Its database is the test's private PostgreSQL, named by PGHOST and PGPORT.
$uri = parse_url($_SERVER['REQUEST_URI'], PHP_URL_PATH);
$_SERVER['PATH_INFO'] = str_starts_with($uri, '/.well-known/')
    ? $uri : (preg_replace('#^/caldav\.php#', '', $uri) ?: '/');
$_SERVER['SCRIPT_NAME'] = '/caldav.php';
chdir('/usr/share/davical/htdocs');
require '/usr/share/davical/htdocs/caldav.php';
