<?php

declare(strict_types=1);

namespace Sabre\CalDAV\Schedule;

/**
 * The SchedulingObject represents a scheduling object in the Inbox collection.
 *
 * @license http://sabre.io/license/ Modified BSD License
 * @copyright Copyright (C) fruux GmbH (https://fruux.com/)
 */
interface ISchedulingObject extends \Sabre\CalDAV\ICalendarObject
{
}
