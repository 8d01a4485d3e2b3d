<!DOCTYPE html>
<html lang="en"><head><title>WV Board of Medicine - Rosters</title></head>
<body>
<nav><a href="default.asp">Home</a> <a href="public/search/">License Search</a></nav>
<h2>Rosters</h2>
<p>Rosters are Excel files.</p>
<ul>
<li><a href="roster-files/medical-doctors.xlsx">Roster of Medical Doctors</a></li>
<li><a href="roster-files/physician-assistants.xlsx">Roster of Physician Assistants</a></li>
<li><a href="roster-files/podiatric-physicians.xlsx">Roster of Podiatric Physicians</a></li>
</ul>
</body></html>
