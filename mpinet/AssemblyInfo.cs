using System.Reflection;

[assembly: AssemblyTitle ("MPI")]
[assembly: AssemblyDescription ("MPI.NET 1.4's object API over the Motor runtime's System.MP")]
[assembly: AssemblyVersion ("1.4.0.0")]
