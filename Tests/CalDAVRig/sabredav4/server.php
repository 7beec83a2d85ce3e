<?php
// sabre/dav 4.7, the engine of Nextcloud and Baikal, as a CalDAV server for the sync tests
// (CalDAVServer.swift), with its libraries from vendor/ (VERSIONS names each, with its
// license beside it) and the PDO SQLite backends from sql/.
//   SABRE_AUTH=basic:  as Nextcloud sets it (Basic, no unauthenticated access)
//   SABRE_AUTH=digest: as Baikal sets it by default (Digest)
// Either way: principals, calendars with WebDAV-Sync, scheduling inbox and outbox.
// Run: SABRE_DB=FOLDER/db.sqlite SABRE_USER=U SABRE_PASSWORD=P SABRE_AUTH=basic \
//        php -S 127.0.0.1:PORT server.php
error_reporting(E_ALL & ~E_DEPRECATED);
date_default_timezone_set('UTC');

$vendor = __DIR__ . '/vendor';
$prefixes = [
    'Sabre\\Event\\' => "$vendor/sabre-event/lib/",
    'Sabre\\Xml\\' => "$vendor/sabre-xml/lib/",
    'Sabre\\HTTP\\' => "$vendor/sabre-http/lib/",
    'Sabre\\Uri\\' => "$vendor/sabre-uri/lib/",
    'Sabre\\VObject\\' => "$vendor/sabre-vobject/lib/",
    'Sabre\\' => "$vendor/sabre-dav/lib/",
    'Psr\\Log\\' => "$vendor/psr-log/src/",
];
spl_autoload_register(function ($class) use ($prefixes) {
    foreach ($prefixes as $prefix => $dir) {
        if (strncmp($class, $prefix, strlen($prefix)) === 0) {
            $file = $dir . str_replace('\\', '/', substr($class, strlen($prefix))) . '.php';
            if (is_file($file)) {
                require $file;
            }
            return;
        }
    }
});
foreach ([
    'sabre-event/lib/coroutine.php', 'sabre-event/lib/Loop/functions.php', 'sabre-event/lib/Promise/functions.php',
    'sabre-xml/lib/Deserializer/functions.php', 'sabre-xml/lib/Serializer/functions.php',
    'sabre-http/lib/functions.php', 'sabre-uri/lib/functions.php',
] as $file) {
    require_once "$vendor/$file";
}

$path = getenv('SABRE_DB');
$fresh = !file_exists($path);
$pdo = new \PDO('sqlite:' . $path);
$pdo->setAttribute(PDO::ATTR_ERRMODE, PDO::ERRMODE_EXCEPTION);
$user = getenv('SABRE_USER');
$password = getenv('SABRE_PASSWORD');
if ($fresh) {
    foreach (['users', 'principals', 'calendars', 'locks', 'propertystorage'] as $name) {
        $sql = file_get_contents(__DIR__ . "/sql/sqlite.$name.sql");
        $pdo->exec(preg_replace('/^INSERT .*?;\s*$/ms', '', $sql));
    }
    $pdo->prepare('INSERT INTO users (username, digesta1) VALUES (?, ?)')
        ->execute([$user, md5("$user:SabreDAV:$password")]);
    $insert = $pdo->prepare('INSERT INTO principals (uri, email, displayname) VALUES (?, ?, ?)');
    $insert->execute(["principals/$user", "$user@example.org", $user]);
    $insert->execute(["principals/$user/calendar-proxy-read", null, null]);
    $insert->execute(["principals/$user/calendar-proxy-write", null, null]);
}

$principals = new \Sabre\DAVACL\PrincipalBackend\PDO($pdo);
$calendars = new \Sabre\CalDAV\Backend\PDO($pdo);
$server = new \Sabre\DAV\Server([
    new \Sabre\CalDAV\Principal\Collection($principals),
    new \Sabre\CalDAV\CalendarRoot($principals, $calendars),
]);
$server->setBaseUri('/');
if (getenv('SABRE_AUTH') === 'digest') {
    $auth = new \Sabre\DAV\Auth\Backend\PDO($pdo);
} else {
    $auth = new \Sabre\DAV\Auth\Backend\BasicCallBack(
        fn ($u, $p) => hash_equals($user, $u) && hash_equals($password, $p));
}
$server->addPlugin(new \Sabre\DAV\Auth\Plugin($auth));
$acl = new \Sabre\DAVACL\Plugin();
$acl->allowUnauthenticatedAccess = false;
$server->addPlugin($acl);
$server->addPlugin(new \Sabre\CalDAV\Plugin());
$server->addPlugin(new \Sabre\CalDAV\Schedule\Plugin());
$server->addPlugin(new \Sabre\DAV\Sync\Plugin());
$server->addPlugin(new \Sabre\DAV\PropertyStorage\Plugin(new \Sabre\DAV\PropertyStorage\Backend\PDO($pdo)));
$server->start();
