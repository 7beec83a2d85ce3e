<?php
// sabre/dav 1.8 (Debian 12's php-sabre-dav) for the sync tests (CalDAVServer.swift): Digest
// authentication through its PDO backend, principals and calendars, no WebDAV-Sync.
// Run: SABRE_DB=FOLDER/db.sqlite SABRE_USER=U SABRE_PASSWORD=P php -S 127.0.0.1:PORT sabredav.php
error_reporting(E_ALL & ~E_DEPRECATED);
date_default_timezone_set('UTC');
require_once 'Sabre/autoload.php';
$path = getenv('SABRE_DB');
$fresh = !file_exists($path);
$pdo = new \PDO('sqlite:' . $path);
$pdo->setAttribute(PDO::ATTR_ERRMODE, PDO::ERRMODE_EXCEPTION);
if ($fresh) {
    foreach (['users', 'principals', 'calendars', 'locks'] as $name) {
        $sql = file_get_contents("/usr/share/doc/php-sabre-dav/examples/sql/sqlite.$name.sql");
        $sql = preg_replace('/^INSERT .*?;\s*$/ms', '', $sql);
        $pdo->exec($sql);
    }
    $user = getenv('SABRE_USER');
    $pdo->prepare('INSERT INTO users (username, digesta1) VALUES (?, ?)')
        ->execute([$user, md5($user . ':SabreDAV:' . getenv('SABRE_PASSWORD'))]);
    $insert = $pdo->prepare('INSERT INTO principals (uri, email, displayname) VALUES (?, ?, ?)');
    $insert->execute(["principals/$user", "$user@example.org", $user]);
    $insert->execute(["principals/$user/calendar-proxy-read", null, null]);
    $insert->execute(["principals/$user/calendar-proxy-write", null, null]);
}
$principals = new \Sabre\DAVACL\PrincipalBackend\PDO($pdo);
$calendars = new \Sabre\CalDAV\Backend\PDO($pdo);
$server = new \Sabre\DAV\Server([
    new \Sabre\CalDAV\Principal\Collection($principals),
    new \Sabre\CalDAV\CalendarRootNode($principals, $calendars),
]);
$server->setBaseUri('/');
$server->addPlugin(new \Sabre\DAV\Auth\Plugin(new \Sabre\DAV\Auth\Backend\PDO($pdo), 'SabreDAV'));
$server->addPlugin(new \Sabre\DAVACL\Plugin());
$server->addPlugin(new \Sabre\CalDAV\Plugin());
$server->exec();
