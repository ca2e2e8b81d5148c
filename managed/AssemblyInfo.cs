using System.Reflection;

[assembly: AssemblyTitle ("System.MP")]
[assembly: AssemblyDescription ("Message passing built into the Motor runtime")]
[assembly: AssemblyVersion ("0.1.0.0")]
